import { zipSync } from 'fflate';
import sharp from 'sharp';

/**
 * Plugin packages for tests: a valid one to vary, and the malformed kinds the upload must refuse.
 * Test code only (the package reader's unit tests and the routes' integration tests).
 */

export const SAMPLE_ENTRY =
  'kerf.register({ run: (p) => ({ shapes: [{ kind: "rect", x: 0, y: 0, width: p.size, height: p.size, rx: 0, ry: 0 }] }) });';

export const SAMPLE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16"/></svg>';

export function sampleManifest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'acme.square',
    version: '1.0.0',
    name: { 'zh-CN': '方块', en: 'Square' },
    description: { 'zh-CN': '画一个方块', en: 'Draws a square' },
    author: 'Acme',
    icon: 'icon.svg',
    entry: 'index.js',
    permissions: [],
    parameters: [
      { key: 'size', type: 'number', label: { 'zh-CN': '边长', en: 'Size' }, default: 20, min: 1, max: 500 },
    ],
    ...overrides,
  };
}

/** A zip of these files (text as UTF-8), deflated. */
export function zipOf(files: Record<string, string | Uint8Array>): Buffer {
  const entries = Object.fromEntries(
    Object.entries(files).map(([name, content]) => [
      name,
      typeof content === 'string' ? new TextEncoder().encode(content) : content,
    ]),
  );
  return Buffer.from(zipSync(entries, { level: 9 }));
}

/** A package: the sample manifest with `manifest` over it, its entry and an SVG icon, plus `extra` files. */
export function samplePackage(
  manifest: Record<string, unknown> = {},
  extra: Record<string, string | Uint8Array> = {},
): Buffer {
  return zipOf({
    'manifest.json': JSON.stringify(sampleManifest(manifest)),
    'index.js': SAMPLE_ENTRY,
    'icon.svg': SAMPLE_SVG,
    ...extra,
  });
}

export async function samplePng(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 4, background: '#86a500' } })
    .png()
    .toBuffer();
}

/**
 * A zip bomb: its only file's local header (and central directory) declare `declared` bytes, but the
 * deflated data holds `actual` bytes of zeros.
 */
export function lyingZip(name: string, actual: number, declared: number, others: Record<string, string> = {}): Buffer {
  const zip = zipOf({ ...others, [name]: new Uint8Array(actual) });
  const nameBytes = Buffer.from(name);
  const patch = (signature: number, sizeAt: number, nameAt: number) => {
    for (let at = 0; at + nameAt + nameBytes.length <= zip.length; at++) {
      if (zip.readUInt32LE(at) !== signature) continue;
      if (!zip.subarray(at + nameAt, at + nameAt + nameBytes.length).equals(nameBytes)) continue;
      zip.writeUInt32LE(declared, at + sizeAt);
    }
  };
  patch(0x04034b50, 22, 30); // local file header: uncompressed size at 22, name at 30
  patch(0x02014b50, 24, 46); // central directory: uncompressed size at 24, name at 46
  return zip;
}
