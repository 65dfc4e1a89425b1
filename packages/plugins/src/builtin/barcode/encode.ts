import JsBarcode from 'jsbarcode';

/**
 * 1-D barcodes by the JsBarcode library, encoded into a plain object (no DOM): a run of parts, each a
 * string of modules (`1` a bar, `0` a space, every module the same width) with the human-readable
 * text that goes under it.
 */

export const BARCODE_FORMATS = ['CODE128', 'EAN13', 'EAN8', 'UPC', 'CODE39', 'CODE93', 'ITF', 'ITF14'] as const;
export type BarcodeFormat = (typeof BARCODE_FORMATS)[number];

export const BARCODE_FORMAT_NAMES: Record<BarcodeFormat, string> = {
  CODE128: 'Code 128',
  EAN13: 'EAN-13',
  EAN8: 'EAN-8',
  UPC: 'UPC-A',
  CODE39: 'Code 39',
  CODE93: 'Code 93',
  ITF: 'ITF',
  ITF14: 'ITF-14',
};

export interface BarcodePart {
  modules: string;
  text: string;
  textAlign: 'left' | 'center' | 'right';
  /** EAN and UPC guard bars, drawn longer (down into the text line). */
  guard: boolean;
}

interface JsBarcodeEncoding {
  data: string;
  text?: string;
  options?: { height?: number; textAlign?: string };
}

/** The height JsBarcode is asked to draw; guard bars come back taller than it. */
const BASE_HEIGHT = 100;

export class BarcodeInputError extends Error {
  override name = 'BarcodeInputError';
}

export function encodeBarcode(text: string, format: BarcodeFormat): BarcodePart[] {
  const target: { encodings?: JsBarcodeEncoding[] } = {};
  try {
    JsBarcode(target, text, { format, height: BASE_HEIGHT, width: 2, fontSize: 20, textMargin: 2, margin: 0 });
  } catch (e) {
    // JsBarcode throws its message as a bare string when the text does not suit the format.
    throw new BarcodeInputError(e instanceof Error ? e.message : String(e));
  }
  const encodings = target.encodings ?? [];
  if (encodings.length === 0) throw new BarcodeInputError(`"${text}" gave no bars`);
  return encodings.map((e) => ({
    modules: e.data,
    text: e.text ?? '',
    textAlign: e.options?.textAlign === 'left' || e.options?.textAlign === 'right' ? e.options.textAlign : 'center',
    guard: (e.options?.height ?? BASE_HEIGHT) > BASE_HEIGHT,
  }));
}

/** Runs of equal modules across all parts: [first module, length] of each bar (or each space). */
export function moduleRuns(
  parts: readonly BarcodePart[],
  bars: boolean,
): { start: number; length: number; guard: boolean }[] {
  const runs: { start: number; length: number; guard: boolean }[] = [];
  const want = bars ? '1' : '0';
  let at = 0;
  for (const part of parts) {
    for (let i = 0; i < part.modules.length; i++, at++) {
      if (part.modules[i] !== want) continue;
      const last = runs[runs.length - 1];
      if (last && last.start + last.length === at && last.guard === part.guard) last.length++;
      else runs.push({ start: at, length: 1, guard: part.guard });
    }
  }
  return runs;
}
