/**
 * A member's avatar: their uploaded image (an /api/uploads URL), or the first letter of their nickname on a
 * disc when they have none. Decorative beside the name it accompanies (alt=""), unless `label` names it.
 */
export function Avatar({ url, nickname, size = 32, label }: { url: string | null | undefined; nickname: string; size?: number; label?: string }) {
  if (url) return <img className="avatar" src={url} alt={label ?? ''} width={size} height={size} loading="lazy" decoding="async" />;
  const initial = [...nickname.trim()][0]?.toUpperCase() ?? '?';
  const style = { width: size, height: size, fontSize: Math.round(size * 0.5) };
  if (label) {
    return (
      <span className="avatar avatar-initial" style={style} role="img" aria-label={label}>
        {initial}
      </span>
    );
  }
  return (
    <span className="avatar avatar-initial" style={style} aria-hidden="true">
      {initial}
    </span>
  );
}

/** The URL of an avatar a chat frame names by its upload key. */
export const avatarUrlOf = (key: string | undefined) => (key ? `/api/uploads/${key}` : null);
