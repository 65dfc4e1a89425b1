import { describe, expect, it } from 'vitest';
import { createDocument, drawingPictureSvg, importSvg } from '../src/index.js';

const svg = (body: string) =>
  new TextEncoder().encode(
    `<svg xmlns="http://www.w3.org/2000/svg" width="200mm" height="100mm" viewBox="0 0 200 100">${body}</svg>`,
  );
const attr = (text: string, name: string) => new RegExp(`<svg[^>]* ${name}="([^"]*)"`).exec(text)?.[1];

describe('drawingPictureSvg', () => {
  it('crops to what is drawn and sizes the longer side in pixels', () => {
    const doc = importSvg(svg('<rect x="10" y="20" width="40" height="10" fill="none" stroke="#000"/>'));
    const picture = drawingPictureSvg(doc, 400)!;
    expect(attr(picture, 'width')).toBe('400');
    // 40 × 10 mm plus 3 % of the longer side on each edge: 42.4 × 12.4 → 400 × 117 px
    expect(attr(picture, 'height')).toBe('117');
    const [x, y, w, h] = attr(picture, 'viewBox')!.split(' ').map(Number);
    expect(x).toBeCloseTo(8.8, 6);
    expect(y).toBeCloseTo(18.8, 6);
    expect(w).toBeCloseTo(42.4, 6);
    expect(h).toBeCloseTo(12.4, 6);
    // still a drawing the laser core reads back, with the same outline
    expect(importSvg(new TextEncoder().encode(picture)).shapes.length).toBe(1);
  });

  it('scales a large sheet and a small badge to the same picture size', () => {
    const big = drawingPictureSvg(importSvg(svg('<circle cx="100" cy="50" r="45" fill="none" stroke="#000"/>')), 256)!;
    const small = drawingPictureSvg(importSvg(svg('<circle cx="5" cy="5" r="2" fill="none" stroke="#000"/>')), 256)!;
    for (const picture of [big, small]) {
      expect(attr(picture, 'width')).toBe('256');
      expect(attr(picture, 'height')).toBe('256');
    }
  });

  it('has no picture of an empty drawing', () => {
    expect(drawingPictureSvg(createDocument(), 256)).toBeNull();
  });
});
