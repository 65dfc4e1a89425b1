import {
  type Bilingual,
  type BitmapShape,
  dataUrlBytes,
  decodeImageWith,
  engravingPreview,
  FormatError,
  type PathData,
  type RgbaImage,
  SettingError,
  traceBitmap,
} from '@kerf/laser';
import { browserImageDecoder } from '../browser-image-decoder';

/**
 * Works out a bitmap's engraving preview (or, with `trace`, its traced outlines) off the page's thread. The decoded picture is kept for the
 * next request on the same `src` (a settings change re-runs only grey, resample and dither), so a
 * 12-megapixel photo decodes once per panel.
 */
export type PreviewRequest = {
  id: number;
  /** The picture's data URL; null = the one of the previous request (a photo's URL runs to megabytes). */
  src: string | null;
  shape: Pick<BitmapShape, 'width' | 'height' | 'settings' | 'crop'>;
  maxPixels: number;
  trace?: boolean;
};
export type PreviewReply =
  | { id: number; width: number; height: number; data: Uint8Array; dpiX: number; dpiY: number; ms: number }
  | { id: number; path: PathData }
  | { id: number; refusal: Bilingual };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PreviewRequest>) => void) | null;
  postMessage(message: PreviewReply, transfer?: Transferable[]): void;
};

let decoded: { src: string; image: Promise<RgbaImage> } | null = null;

function pictureOf(src: string | null): Promise<RgbaImage> {
  if (src === null) {
    if (!decoded) throw new Error('no picture sent');
    return decoded.image;
  }
  if (decoded?.src !== src) decoded = { src, image: decodeImageWith(dataUrlBytes(src), browserImageDecoder) };
  return decoded.image;
}

scope.onmessage = async (event: MessageEvent<PreviewRequest>) => {
  const { id, src, shape, maxPixels, trace } = event.data;
  const started = performance.now();
  try {
    const image = await pictureOf(src);
    if (trace) {
      scope.postMessage({ id, path: traceBitmap(image, shape, { maxPixels }) });
      return;
    }
    const preview = engravingPreview(image, shape, { maxPixels });
    const { width, height, data, dpiX, dpiY } = preview;
    const ms = performance.now() - started;
    scope.postMessage({ id, width, height, data, dpiX, dpiY, ms }, [data.buffer]);
  } catch (error) {
    if (!(error instanceof SettingError)) decoded = null;
    scope.postMessage({ id, refusal: refusalOf(error) });
  }
};

/** The words for a failure: a setting's own message, else the reason the picture could not be read. */
function refusalOf(error: unknown): Bilingual {
  if (error instanceof SettingError || error instanceof FormatError) return error.text;
  const reason = error instanceof Error ? error.message : String(error);
  return { 'zh-CN': reason, en: reason };
}
