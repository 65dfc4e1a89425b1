/**
 * The barcode reader behind the scan dialog: the browser's own `BarcodeDetector` where it has one
 * (Chrome on Android and macOS, Safari), else the ZXing WebAssembly polyfill, which is loaded only
 * now, when a scan dialog first opens, so pages that never scan never download it.
 */

/** What the scanner needs of a detector; the native one and the polyfill both fit. */
export interface CodeDetector {
  detect(source: HTMLVideoElement): Promise<ReadonlyArray<{ rawValue: string }>>;
}

/** Machine and board labels carry QR codes, or Code 128 / Code 39 / Data Matrix from label printers. */
export const SCAN_FORMATS = ['qr_code', 'code_128', 'code_39', 'data_matrix'] as const;

interface NativeDetectorClass {
  new (options: { formats: string[] }): CodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<CodeDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    // Some platforms expose the class but support no format at all (desktop Chrome on Linux, Windows).
    const supported = await Native.getSupportedFormats();
    const formats = SCAN_FORMATS.filter((format) => supported.includes(format));
    return formats.length ? new Native({ formats }) : null;
  } catch {
    return null;
  }
}

let polyfill: Promise<CodeDetector> | undefined;

/** Rejects when neither the native reader nor the polyfill can be had (say the .wasm did not load). */
export async function loadCodeDetector(): Promise<CodeDetector> {
  const native = await nativeDetector();
  if (native) return native;
  polyfill ??= import('./zxing-detector').then(({ createZxingDetector }) => createZxingDetector(SCAN_FORMATS));
  // a failed load is not remembered: the next dialog tries again (the network may be back)
  polyfill.catch(() => {
    polyfill = undefined;
  });
  return polyfill;
}
