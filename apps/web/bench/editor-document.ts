import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentBounds, importDxf, type KerfDocument, leafShapes, multiply, type Shape, translate } from '@kerf/laser';

/**
 * The editor bench's drawing: a real DXF from the corpus, laid out in a grid of copies until it holds
 * `paths` leaf shapes, as a nesting sheet of many parts would.
 */
export function benchDocument(corpus: string, file: string, paths: number): KerfDocument {
  const source = importDxf(new Uint8Array(readFileSync(join(corpus, file))));
  const perCopy = leafShapes(source.shapes).length;
  if (perCopy === 0) throw new Error(`${file} has no shapes`);
  const copies = Math.ceil(paths / perCopy);
  const columns = Math.ceil(Math.sqrt(copies));
  const b = documentBounds(source);
  const width = b.maxX - b.minX;
  const height = b.maxY - b.minY;
  const gap = Math.max(width, height) * 0.05;
  const shapes: Shape[] = [];
  let n = 0;
  for (let copy = 0; copy < copies && n < paths; copy++) {
    const shift = translate(
      (copy % columns) * (width + gap) - b.minX,
      Math.floor(copy / columns) * (height + gap) - b.minY,
    );
    for (const shape of source.shapes) {
      if (n >= paths) break;
      shapes.push(renamed(shape, shift, `c${copy}`));
      n += leafShapes([shape]).length;
    }
  }
  const rows = Math.ceil(copies / columns);
  return {
    ...source,
    width: Math.ceil(columns * (width + gap)),
    height: Math.ceil(rows * (height + gap)),
    shapes,
    meta: { name: `${file} × ${copies}`, source: 'dxf' },
  };
}

function renamed(shape: Shape, shift: readonly number[], prefix: string): Shape {
  const transform = multiply(shift as Shape['transform'], shape.transform);
  if (shape.kind === 'group') {
    return {
      ...shape,
      id: `${prefix}-${shape.id}`,
      transform,
      children: shape.children.map((c) => renamed(c, [1, 0, 0, 1, 0, 0], prefix)),
    };
  }
  return { ...shape, id: `${prefix}-${shape.id}`, transform };
}
