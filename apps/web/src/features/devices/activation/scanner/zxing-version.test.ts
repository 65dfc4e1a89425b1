import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ZXING_WASM_VERSION } from 'barcode-detector/ponyfill';
import { describe, expect, it } from 'vitest';

describe('the bundled barcode reader', () => {
  // barcode-detector carries its own copy of zxing-wasm's glue code; the .wasm Kerf serves comes from
  // the zxing-wasm package beside it, and the two only work together at the same version
  it('serves the WebAssembly of the zxing-wasm version barcode-detector was built with', () => {
    let dir = dirname(createRequire(import.meta.url).resolve('zxing-wasm/reader'));
    while (!dir.endsWith('zxing-wasm') && dirname(dir) !== dir) dir = dirname(dir);
    const served = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
    expect(served.version).toBe(ZXING_WASM_VERSION);
  });
});
