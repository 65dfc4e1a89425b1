/**
 * Embedded pictures (`<image href="data:image/png;base64,…">`): the data URL is kept as the bitmap's
 * source; only the header is read here, for the pixel size.
 */

export interface EmbeddedImage {
  src: string;
  format: 'png' | 'jpeg';
  pixelWidth: number;
  pixelHeight: number;
}

/** Decodes base64 to bytes; null when it is not base64. */
function base64Bytes(b64: string): Uint8Array | null {
  const clean = b64.replace(/[\s]/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return null;
  let bin: string;
  try {
    bin = atob(clean);
  } catch {
    return null;
  }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(b: Uint8Array): { width: number; height: number } | null {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length < 24 || sig.some((v, i) => b[i] !== v)) return null;
  if (String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!) !== 'IHDR') return null;
  const u32 = (at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
  const width = u32(16);
  const height = u32(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Width and height from a JPEG's start-of-frame marker. */
export function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      const height = (b[i + 5]! << 8) | b[i + 6]!;
      const width = (b[i + 7]! << 8) | b[i + 8]!;
      return width > 0 && height > 0 ? { width, height } : null;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const len = (b[i + 2]! << 8) | b[i + 3]!;
    if (len < 2) return null;
    i += 2 + len;
  }
  return null;
}

/**
 * Reads a `data:` URL holding a PNG or JPEG. Returns the picture, or a reason it cannot be used
 * (external file, other format, damaged data).
 */
export function readImageHref(href: string): EmbeddedImage | { reason: string } {
  const h = href.trim();
  if (!/^data:/i.test(h)) return { reason: 'pictures linked from outside the file are not imported' };
  const comma = h.indexOf(',');
  if (comma < 0) return { reason: 'an embedded picture has a damaged data URL' };
  const head = h.slice(5, comma).toLowerCase();
  if (!head.split(';').includes('base64')) return { reason: 'embedded pictures must be base64-encoded' };
  const bytes = base64Bytes(h.slice(comma + 1));
  if (!bytes) return { reason: 'an embedded picture has damaged base64 data' };
  const png = pngSize(bytes);
  if (png) return { src: h, format: 'png', pixelWidth: png.width, pixelHeight: png.height };
  const jpeg = jpegSize(bytes);
  if (jpeg) return { src: h, format: 'jpeg', pixelWidth: jpeg.width, pixelHeight: jpeg.height };
  return { reason: 'embedded pictures other than PNG and JPEG are not imported' };
}
