import { createDocument, createLayer, documentBounds, IDENTITY, translate } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { exportableDocument, exportFileName } from './export-files';

const answerDoc = () =>
  createDocument({
    width: 400,
    height: 400,
    layers: [createLayer({ id: 'main' })],
    shapes: [
      {
        id: 'r',
        kind: 'rect',
        layerId: 'main',
        transform: translate(30, 40),
        x: 0,
        y: 0,
        width: 50,
        height: 20,
        rx: 0,
        ry: 0,
      },
      { id: 'c', kind: 'ellipse', layerId: 'main', transform: IDENTITY, cx: 100, cy: 100, rx: 10, ry: 10 },
    ],
  });

describe('the plugin page’s downloads', () => {
  it('moves a free answer to the corner and sizes the file to the drawing', () => {
    const doc = exportableDocument({ document: answerDoc(), placement: 'free' }, 'Gear');
    const b = documentBounds(doc);
    expect(b.minX).toBeCloseTo(0);
    expect(b.minY).toBeCloseTo(0);
    expect(doc.width).toBeCloseTo(80);
    expect(doc.height).toBeCloseTo(70);
    expect(doc.meta.name).toBe('Gear');
  });

  it('keeps an answer drawn in place on its work area', () => {
    const doc = exportableDocument({ document: answerDoc(), placement: 'document' }, 'Hinge');
    expect(documentBounds(doc).minX).toBeCloseTo(30);
    expect([doc.width, doc.height]).toEqual([400, 400]);
  });

  it('names the file after the plugin, without characters file systems refuse', () => {
    expect(exportFileName('Box maker', 'svg')).toBe('Box maker.svg');
    expect(exportFileName('a/b:c', 'dxf')).toBe('a-b-c.dxf');
    expect(exportFileName('  ', 'svg')).toBe('plugin.svg');
  });
});
