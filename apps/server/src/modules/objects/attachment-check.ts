import {
  attachmentProblem,
  type Bilingual,
  extensionOf,
  type ObjectAttachmentKind,
  objectMessages,
  paperExtensionsOnly,
} from '@kerf/contract';
import {
  checkImageFile,
  decodeImageWith,
  FormatError,
  type ImageKind,
  importDxf,
  importSvg,
  type KerfDocument,
  parseDocument,
  TooLargeError,
} from '@kerf/laser';
import { AppError } from '../../http/app-error.js';
import { sharpImageDecoder } from '../../infra/image/sharp-image-decoder.js';

/** What the reader of an attachment found. */
export interface CheckedAttachment {
  format: string;
  width: number | null;
  height: number | null;
}

export type DwgReader = (bytes: Uint8Array) => Promise<KerfDocument>;

/** The picture kind each picture extension promises. */
const PICTURE_KINDS: Record<string, ImageKind> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', bmp: 'bmp' };

/** A reader's refusal (格式错误：reason) with the file's name in front. */
function badFormat(name: string, error: { text: Bilingual }): AppError {
  return new AppError(
    400,
    { 'zh-CN': `${name}：${error.text['zh-CN']}`, en: `${name}: ${error.text.en}` },
    { cause: error },
  );
}

/**
 * SPEC §5 object rules for one file, name and size first, then its content by the laser core's readers
 * (never by its extension alone): a drawing named .bmp must be a BMP, a .dxf must parse as DXF, and so
 * on; effect images must be pictures. Throws the SPEC's message as a 400 (413 for size).
 */
export class AttachmentChecker {
  constructor(private readonly readDwg: DwgReader) {}

  async check(kind: ObjectAttachmentKind, name: string, bytes: Uint8Array): Promise<CheckedAttachment> {
    const problem = attachmentProblem(kind, { name, size: bytes.length });
    if (problem === 'extensionOnly') throw AppError.badRequest(paperExtensionsOnly());
    if (problem === 'previewNotImage') throw AppError.badRequest(objectMessages.previewNotImage);
    if (problem === 'tooLarge') throw new AppError(413, objectMessages.tooLarge, { code: 413 });
    try {
      return await this.read(kind, name, bytes);
    } catch (error) {
      if (error instanceof TooLargeError) throw new AppError(413, objectMessages.tooLarge, { code: 413, cause: error });
      if (error instanceof FormatError) {
        if (kind === 'preview') throw new AppError(400, objectMessages.previewNotImage, { cause: error });
        throw badFormat(name, error);
      }
      // The DWG reader runs behind the editor's import queue, which words its refusals already.
      if (error instanceof AppError) throw error.status === 400 ? badFormat(name, error) : error;
      // A reader that fails in a way it did not foresee still means the file is not readable as that format.
      const reason = error instanceof Error ? error.message : String(error);
      throw badFormat(name, new FormatError(extensionOf(name), reason));
    }
  }

  private async read(kind: ObjectAttachmentKind, name: string, bytes: Uint8Array): Promise<CheckedAttachment> {
    const ext = extensionOf(name);
    if (kind === 'preview') return picture(bytes);
    switch (ext) {
      case 'svg':
        importSvg(bytes);
        return { format: 'svg', width: null, height: null };
      case 'dxf':
        importDxf(bytes);
        return { format: 'dxf', width: null, height: null };
      case 'dwg':
        await this.readDwg(bytes);
        return { format: 'dwg', width: null, height: null };
      case 'kerf':
        parseDocument(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
        return { format: 'kerf', width: null, height: null };
      default: {
        const expected = PICTURE_KINDS[ext];
        const found = checkImageFile(bytes).kind;
        if (found !== expected) {
          throw new FormatError(ext, `the file is a ${found.toUpperCase()} picture, not ${ext.toUpperCase()}`);
        }
        return picture(bytes);
      }
    }
  }
}

/** Decodes the whole picture (a truncated or damaged one is refused), with sharp where it can. */
async function picture(bytes: Uint8Array): Promise<CheckedAttachment> {
  const info = checkImageFile(bytes);
  const image = await decodeImageWith(bytes, sharpImageDecoder);
  return { format: info.kind, width: image.width, height: image.height };
}
