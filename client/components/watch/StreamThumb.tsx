/** A stream's picture: its thumbnail, or a drawn tile with the creator's initial when it has none. */
export function StreamThumb({ url, nickname }: { url: string | null; nickname: string }) {
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
