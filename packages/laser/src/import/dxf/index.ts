import type { KerfDocument } from '../../model/document.js';
import { checkDrawingSize } from '../../model/errors.js';
import { type CadImportOptions, cadToDocument } from './convert.js';
import { parseDxf } from './parse.js';

export { aciHex, aciToRgb, nearestAci, rgbHex } from './aci.js';
export {
  type CadImportOptions,
  cadToDocument,
  MAX_BLOCK_DEPTH,
  MAX_EXPANDED_ENTITIES,
  MAX_EXTENT_MM,
  unitScale,
} from './convert.js';
export { percentCodes, plainMText, plainText } from './mtext.js';
export { evalNurbs, fitPointCurve, makeNurbs, type Nurbs, tessellateNurbs } from './nurbs.js';
export { type DxfDrawing, parseDxf } from './parse.js';
export { codePageEncoding, decodeDxfBytes, GroupReader } from './reader.js';

/**
 * Imports a DXF file (text or bytes) as a Kerf document: size check, parse, conversion. Throws
 * TooLargeError over 50 MB and FormatError for files it cannot read.
 */
export function importDxf(input: string | Uint8Array, options: CadImportOptions = {}): KerfDocument {
  checkDrawingSize(typeof input === 'string' ? input.length : input.byteLength);
  return cadToDocument(parseDxf(input), options);
}
