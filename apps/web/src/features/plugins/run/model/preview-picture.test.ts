import { createDocument, createLayer, IDENTITY, translate } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { previewPicture, sizeOf, viewBoxOf } from './preview-picture';

const doc = () =>
  createDocument({
    layers: [
      createLayer({ id: 'cut', color: '#ff0000', mode: 'cut' }),
      createLayer({ id: 'engrave', color: '#0000ff', mode: 'fill' }),
      createLayer({ id: 'unused', color: '#00ff00' }),
    ],
    shapes: [
      { id: 'a', kind: 'rect', layerId: 'cut', transform: IDENTITY, x: 10, y: 20, width: 30, height: 40, rx: 0, ry: 0 },
      {
        id: 'g',
        kind: 'group',
        transform: translate(100, 0),
        children: [
          { id: 'b', kind: 'ellipse', layerId: 'engrave', transform: IDENTITY, cx: 0, cy: 50, rx: 5, ry: 5 },
          {
            id: 'c',
            kind: 'polygon',
            layerId: 'cut',
            transform: IDENTITY,
            points: [
              { x: 0, y: 0 },
              { x: 10, y: 0 },
            ],
            closed: false,
          },
        ],
      },
    ],
  });

describe('a plugin answer as a preview picture', () => {
  it('draws one path per used layer, in its colour, and counts the leaf shapes', () => {
    const picture = previewPicture(doc());
    expect(picture.shapeCount).toBe(3);
    expect(picture.layers.map((l) => [l.id, l.color, l.mode])).toEqual([
      ['cut', '#ff0000', 'cut'],
      ['engrave', '#0000ff', 'fill'],
    ]);
    // the rectangle and the group's line (moved by the group) share the cut layer's path
    const cut = picture.layers[0]!.d;
    expect(cut.match(/M/g)).toHaveLength(2);
    expect(cut).toContain('M10 20');
    expect(cut).toContain('M100 0L110 0');
  });

  it('measures the drawing in document millimetres', () => {
    const picture = previewPicture(doc());
    expect(picture.bounds!.minX).toBeCloseTo(10);
    expect(picture.bounds!.minY).toBeCloseTo(0);
    expect(picture.bounds!.maxX).toBeCloseTo(110);
    expect(picture.bounds!.maxY).toBeCloseTo(60);
    expect(sizeOf(picture.bounds)).toEqual({ width: 100, height: 60 });
  });

  it('shows nothing and no size for an empty answer', () => {
    const picture = previewPicture(createDocument({ layers: [createLayer({ id: 'L1' })] }));
    expect(picture).toEqual({ layers: [], shapeCount: 0, bounds: null });
    expect(sizeOf(null)).toBeNull();
  });

  it('frames the drawing with a margin', () => {
    expect(viewBoxOf({ minX: 0, minY: 10, maxX: 100, maxY: 60 })).toBe('-4 6 108 58');
  });
});
