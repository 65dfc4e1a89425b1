import type { Bilingual, KerfDocument } from '@kerf/laser';
import { browserImageDecoder } from '../browser-image-decoder';
import { importDrawing, refusalOf } from '../model/import/import-drawing';
import { pageFonts } from '../text/font-library';

/**
 * Reads and parses a drawing off the page's thread, so a 50 MB DXF never freezes the canvas. Posts
 * `{progress}` while reading (0–0.5) and once parsing starts (0.5), then `{doc}` or `{refusal}`.
 */
export type ImportRequest = { file: Blob; name: string };
export type ImportReply = { progress: number } | { doc: KerfDocument } | { refusal: Bilingual };

const SLICE_BYTES = 4 * 1024 * 1024;

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ImportRequest>) => void) | null;
  postMessage(message: ImportReply): void;
};

scope.onmessage = async (event: MessageEvent<ImportRequest>) => {
  const { file, name } = event.data;
  try {
    const bytes = new Uint8Array(file.size);
    for (let offset = 0; offset < file.size; offset += SLICE_BYTES) {
      const slice = new Uint8Array(await file.slice(offset, offset + SLICE_BYTES).arrayBuffer());
      bytes.set(slice, offset);
      scope.postMessage({ progress: (0.5 * (offset + slice.length)) / Math.max(1, file.size) });
    }
    scope.postMessage({ progress: 0.5 });
    scope.postMessage({ doc: await importDrawing(name, bytes, browserImageDecoder, pageFonts) });
  } catch (error) {
    scope.postMessage({ refusal: refusalOf(error) });
  }
};
