/** Why a stream's picture is withheld: adults only (the 19 mark) or a password (a lock). */
export type ThumbGate = 'adult' | 'password' | null;

/** The gate a card shows: the server sends no picture for either, so what is drawn is our own art. */
export const thumbGateOf = (stream: { adult: boolean; hasPassword: boolean }): ThumbGate => (stream.adult ? 'adult' : stream.hasPassword ? 'password' : null);

/**
 * A stream's picture: its thumbnail; for a gated stream, a blurred tile of our own with the 19 mark or a lock
 * (never the real picture blurred: the server does not send it); or a drawn tile with the creator's initial.
 */
export function StreamThumb({ url, nickname, gate = null }: { url: string | null; nickname: string; gate?: ThumbGate }) {
  if (gate) {
    return (
      <span className={`thumb thumb-gated thumb-gated-${gate}`} aria-hidden="true">
        <span className="thumb-gated-mark">{gate === 'adult' ? '19' : <LockIcon />}</span>
      </span>
    );
  }
  if (url) return <img className="thumb" src={url} alt="" loading="lazy" decoding="async" />;
  // Hue from the name, so each creator keeps the same colour.
  let hue = 0;
  for (const ch of nickname) hue = (hue * 31 + ch.codePointAt(0)!) % 360;
  return (
    <span className="thumb thumb-fallback" style={{ background: `hsl(${hue} 55% 38%)` }} aria-hidden="true">
      {[...nickname][0]?.toUpperCase() ?? '?'}
    </span>
  );
}

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true" focusable="false">
      <rect x="5" y="11" width="14" height="10" rx="2" fill="currentColor" stroke="none" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </svg>
  );
}
