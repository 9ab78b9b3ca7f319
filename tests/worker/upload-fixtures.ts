// Files for the upload tests, built byte by byte: headers real enough for the upload module (magic
// numbers, dimensions), and hostile ones (an SVG with script, a polyglot JPEG).

const u16 = (n: number) => [n >> 8, n & 255];
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const text = (s: string) => [...new TextEncoder().encode(s)];

/** A baseline JPEG's markers up to its frame header (SOF0 carries the size), with `extra` segments before it. */
export function jpeg(width: number, height: number, extra: number[] = []): Uint8Array {
  return new Uint8Array([
    ...[0xff, 0xd8, 0xff, 0xe0, ...u16(16), ...text('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
    ...extra,
    ...[0xff, 0xc0, ...u16(17), 8, ...u16(height), ...u16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
    ...[0xff, 0xd9],
  ]);
}

/** A PNG signature and IHDR chunk: enough for the size (a pixel flood needs no pixels). */
export function png(width: number, height: number): Uint8Array {
  return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...u32(13), ...text('IHDR'), ...u32(width), ...u32(height), 8, 2, 0, 0, 0, 0, 0, 0, 0]);
}

export const gif = (width: number, height: number) => new Uint8Array([...text('GIF89a'), width & 255, width >> 8, height & 255, height >> 8, 0, 0, 0, 0x3b]);

/** A JPEG that is also an HTML page: the markup sits in a comment segment. */
export function polyglotJpeg(): Uint8Array {
  const html = text('<html><body><script>document.title="owned"</script></body></html>');
  return jpeg(64, 64, [0xff, 0xfe, ...u16(html.length + 2), ...html]);
}

export const svgWithScript = () => new TextEncoder().encode('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>');

export const pdf = () => new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

export const file = (bytes: Uint8Array, name: string, type = 'application/octet-stream') => new File([bytes], name, { type });
