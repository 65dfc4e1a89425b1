import {
  type Bilingual,
  type BitmapShape,
  CORE_IMAGE_DECODER,
  checkImageFile,
  createDocument,
  createLayer,
  DEFAULT_BITMAP_SETTINGS,
  decodeImageWith,
  FormatError,
  IDENTITY,
  type ImageDecoder,
  importDxf,
  importSvg,
  type KerfDocument,
  LASER_MESSAGES,
  parseDocument,
  TooLargeError,
} from '@kerf/laser';
import { encode as encodePng } from 'fast-png';
import type { FontSource } from '../actions/text-actions';

/** What the editor opens, by file name ending. DWG is read on the server (its reader is GPL). */
export const IMPORT_KINDS = ['svg', 'dxf', 'dwg', 'bmp', 'png', 'jpeg', 'gif', 'webp', 'kerf'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_ACCEPT = '.svg,.dxf,.dwg,.bmp,.png,.jpg,.jpeg,.gif,.webp,.kerf';

export function importKindOf(fileName: string): ImportKind | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (ext === 'jpg') return 'jpeg';
  return (IMPORT_KINDS as readonly string[]).includes(ext) ? (ext as ImportKind) : null;
}

/**
 * A picture's size on the work area: 254 dpi, a tenth of a millimetre per pixel, the engraving
 * resolution laser software starts from (a 1,000-pixel logo becomes 100 mm wide).
 */
export const IMAGE_DPI = 254;

const base64 = (bytes: Uint8Array) => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};

/**
 * A picture as a document of one bitmap on an image layer, at IMAGE_DPI, at the work area's origin. The
 * picture is decoded whole first (`decoder`: the browser's own in a worker), so a damaged file is refused
 * with the reason instead of showing as an empty frame. PNG and JPEG are kept as they are; BMP, GIF (its
 * first frame) and WebP are stored as PNG, which every browser shows and the core's raster step reads.
 */
export async function importImage(
  bytes: Uint8Array,
  name: string,
  decoder: ImageDecoder = CORE_IMAGE_DECODER,
): Promise<KerfDocument> {
  const info = checkImageFile(bytes);
  const pixels = await decodeImageWith(bytes, decoder);
  const asIs = info.kind === 'png' || info.kind === 'jpeg';
  const stored = asIs
    ? bytes
    : encodePng({ width: pixels.width, height: pixels.height, data: pixels.rgba, channels: 4 });
  const mime = info.kind === 'jpeg' ? 'image/jpeg' : 'image/png';
  const mm = 25.4 / IMAGE_DPI;
  const layer = createLayer({ id: 'L1', name: 'IMG', mode: 'image', color: '#000000' });
  const bitmap: BitmapShape = {
    id: 'b1',
    kind: 'bitmap',
    transform: IDENTITY,
    layerId: layer.id,
    x: 0,
    y: 0,
    width: info.width * mm,
    height: info.height * mm,
    src: `data:${mime};base64,${base64(stored)}`,
    pixelWidth: info.width,
    pixelHeight: info.height,
    settings: { ...DEFAULT_BITMAP_SETTINGS, dpiX: IMAGE_DPI, dpiY: IMAGE_DPI },
  };
  return createDocument({ layers: [layer], shapes: [bitmap], meta: { name, source: info.kind } });
}

/** The characters inside an SVG's `<text>` elements (to know which font slices its text needs). */
export function svgTextCharacters(bytes: Uint8Array): string {
  const source = new TextDecoder().decode(bytes);
  let chars = '';
  for (const m of source.matchAll(/<text\b[\s\S]*?<\/text>/g)) chars += m[0].replace(/<[^>]*>/g, '');
  return chars;
}

/**
 * Reads a file the browser can read itself (everything but DWG) into a Kerf document. With `fonts`, an
 * SVG's text is laid out glyph by glyph (tspans, positions, text on a path) and comes with its outline.
 */
export async function importDrawing(
  fileName: string,
  bytes: Uint8Array,
  decoder?: ImageDecoder,
  fonts?: FontSource,
): Promise<KerfDocument> {
  const kind = importKindOf(fileName);
  const name = fileName.replace(/\.[^.]+$/, '');
  switch (kind) {
    case 'svg': {
      const text = fonts ? svgTextCharacters(bytes) : '';
      const book = text.trim() ? await fonts!(text) : undefined;
      const doc = importSvg(bytes, book ? { fonts: book } : {});
      return { ...doc, meta: { ...doc.meta, name } };
    }
    case 'dxf': {
      const doc = importDxf(bytes);
      return { ...doc, meta: { ...doc.meta, name } };
    }
    case 'kerf':
      return parseDocument(new TextDecoder().decode(bytes));
    case 'png':
    case 'jpeg':
    case 'bmp':
    case 'gif':
    case 'webp':
      return importImage(bytes, name, decoder);
    default:
      throw new FormatError(
        kind ?? 'file',
        `${fileName} is not a drawing Kerf opens (SVG, DXF, DWG, BMP, PNG, JPEG, GIF, WebP, .kerf)`,
      );
  }
}

/** The words a refusal is shown with: the core's 格式错误 and its reason, or the size limit. */
export function refusalOf(error: unknown): Bilingual {
  if (error instanceof FormatError) return error.text;
  if (error instanceof TooLargeError) return LASER_MESSAGES.tooLarge;
  const reason = error instanceof Error ? error.message : String(error);
  return {
    'zh-CN': `${LASER_MESSAGES.formatError['zh-CN']}：${reason}`,
    en: `${LASER_MESSAGES.formatError.en}: ${reason}`,
  };
}
