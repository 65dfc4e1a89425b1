import { documentBounds, isEmptyBounds, type KerfDocument, multiply, type Shape, translate } from '@kerf/laser';

/**
 * What the plugin page downloads. A free answer (the plugin leaves its placing to the host) is moved to
 * the file's corner, and the file is as large as the drawing; an answer drawn in place keeps the work
 * area it was drawn on.
 */
export function exportableDocument(
  answer: { document: KerfDocument; placement: 'document' | 'free' },
  name: string,
): KerfDocument {
  const doc = { ...answer.document, meta: { ...answer.document.meta, name } };
  if (answer.placement !== 'free') return doc;
  const bounds = documentBounds(doc);
  if (isEmptyBounds(bounds)) return doc;
  const shift = translate(-bounds.minX, -bounds.minY);
  const shapes = doc.shapes.map((s): Shape => ({ ...s, transform: multiply(shift, s.transform) }));
  const size = (n: number) => Math.max(1, Math.ceil(n * 1000) / 1000);
  return { ...doc, shapes, width: size(bounds.maxX - bounds.minX), height: size(bounds.maxY - bounds.minY) };
}

/** A file name from the plugin's name: characters file systems refuse become dashes. */
export function exportFileName(pluginName: string, extension: 'svg' | 'dxf'): string {
  const base = pluginName.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').trim() || 'plugin';
  return `${base}.${extension}`;
}
