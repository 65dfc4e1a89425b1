import { BarcodeDetector, type BarcodeFormat, prepareZXingModule } from 'barcode-detector/ponyfill';
// The reader's WebAssembly as a hashed asset of this build, served by Kerf: the library would
// otherwise fetch it from a CDN, which a closed network or the page's Content-Security-Policy refuses.
// zxing-wasm is the exact version barcode-detector pins, so its .wasm matches the bundled glue code.
import readerWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { CodeDetector } from './code-detector';

// One overrides object for the app's life: the library compares overrides by identity and would
// instantiate the module again for a new one.
const BUNDLED_WASM = {
  locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? readerWasmUrl : prefix + path),
};

/** The ZXing polyfill, its WebAssembly compiled before the first frame so a failed load shows at once. */
export async function createZxingDetector(formats: readonly BarcodeFormat[]): Promise<CodeDetector> {
  await prepareZXingModule({ overrides: BUNDLED_WASM, fireImmediately: true });
  return new BarcodeDetector({ formats: [...formats] });
}
