export { type ClipRect, clipSegment } from './clip.js';
export { parseColor, type Rgba } from './color.js';
export { decodeSvgBytes, importSvg, MAX_SVG_SHAPES, MAX_SVG_SIZE_MM, type SvgImportOptions } from './import.js';
export { type ParsedPath, parsePathData } from './path-data.js';
export { MM_PER_PX, parseLength, parseTransform } from './units.js';
