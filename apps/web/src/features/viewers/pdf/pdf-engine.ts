import type * as PdfJs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js, loaded only when a document is opened, with its worker and the data files it may ask for
 * (Adobe CMaps for CJK text without embedded fonts, the standard fonts, the JPEG 2000 decoder)
 * bundled as hashed assets of the app rather than fetched from a CDN.
 */

type Loaders = Record<string, () => Promise<string>>;
// relative paths: import.meta.glob does not resolve package names; the workspace hoists pdfjs-dist
const cMaps = import.meta.glob('../../../../../../node_modules/pdfjs-dist/cmaps/*.bcmap', {
  query: '?url',
  import: 'default',
}) as Loaders;
const fonts = import.meta.glob('../../../../../../node_modules/pdfjs-dist/standard_fonts/*.{pfb,ttf}', {
  query: '?url',
  import: 'default',
}) as Loaders;
const wasm = import.meta.glob('../../../../../../node_modules/pdfjs-dist/wasm/*.wasm', {
  query: '?url',
  import: 'default',
}) as Loaders;

const byFileName = (loaders: Loaders) =>
  new Map(Object.entries(loaders).map(([path, load]) => [path.slice(path.lastIndexOf('/') + 1), load]));
const TABLES: Record<string, Map<string, () => Promise<string>>> = {
  cMapUrl: byFileName(cMaps),
  standardFontDataUrl: byFileName(fonts),
  wasmUrl: byFileName(wasm),
};

/** pdf.js's BinaryDataFactory contract: the worker asks, the page fetches the bundled file. */
class BundledPdfData {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const load = TABLES[kind]?.get(filename);
    if (!load) throw new Error(`pdf.js asked for ${kind} ${filename}, which is not bundled`);
    const response = await fetch(await load());
    if (!response.ok) throw new Error(`${filename}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

/** Options for every document: the bundled data, and no `eval` of document content. */
export const DOCUMENT_OPTIONS = {
  useWorkerFetch: false,
  BinaryDataFactory: BundledPdfData,
  cMapUrl: 'bundled/',
  cMapPacked: true,
  standardFontDataUrl: 'bundled/',
  wasmUrl: 'bundled/',
  isEvalSupported: false,
  enableXfa: false,
} as const;

let engine: Promise<typeof PdfJs> | undefined;

export function pdfEngine(): Promise<typeof PdfJs> {
  engine ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    return pdfjs;
  });
  return engine;
}

export type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
