import { prepareZXingModule, type ReaderOptions, type ReadResult, readBarcodes } from 'zxing-wasm/reader';
import type { Bitmap } from './rasterise.js';

/**
 * Test support: zxing-wasm (ZXing-C++), a reader independent of the encoders the plugins use. By
 * default it fetches its WebAssembly file from a CDN; the tests have no network, so the module gets the
 * file from node_modules. The package compiles without Node's types, so the two Node calls used are
 * typed here, and reached through `process.getBuiltinModule` (the tests run in Node only).
 */

interface NodeModules {
  'node:fs': { readFileSync(path: string): Uint8Array };
  'node:module': { createRequire(from: string): { resolve(id: string): string } };
}
interface NodeProcess {
  cwd(): string;
  getBuiltinModule<K extends keyof NodeModules>(id: K): NodeModules[K];
}

let prepared = false;

function prepare(): void {
  if (prepared) return;
  const node = (globalThis as unknown as { process: NodeProcess }).process;
  const require = node.getBuiltinModule('node:module').createRequire(`${node.cwd()}/`);
  const file = node.getBuiltinModule('node:fs').readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  const wasmBinary = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
  prepareZXingModule({ overrides: { wasmBinary } });
  prepared = true;
}

export async function decode(bitmap: Bitmap, options: ReaderOptions = {}): Promise<ReadResult[]> {
  prepare();
  return readBarcodes(bitmap as unknown as Parameters<typeof readBarcodes>[0], { tryHarder: true, ...options });
}
