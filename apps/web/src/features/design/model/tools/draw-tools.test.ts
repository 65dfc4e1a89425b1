import { describe, expect, it } from 'vitest';
import { boundsOf } from '../geometry/shape-geometry';
import { TestEditor } from '../test-editor';

const p = (x: number, y: number) => ({ x, y });

describe('drawing tools', () => {
  it('draws a rectangle by dragging, snapped to the grid, selected and on the active layer', () => {
    const editor = new TestEditor().use('rect').drag(p(10.6, 19.5), p(59.3, 50.4));
    const rect = editor.lastShape;
    expect(rect).toMatchObject({ kind: 'rect', x: 10, y: 20, width: 50, height: 30, layerId: 'L1' });
    expect(editor.state.selection).toEqual([rect.id]);
    expect(editor.store.history.undoLabel).toBe('draw');
  });

  it('makes a square with Shift, grows from the centre with Alt, and rounds corners from the settings', () => {
    const editor = new TestEditor();
    editor.store.set({ shapeSettings: { ...editor.state.shapeSettings, cornerRadius: 4 } });
    editor.use('rect').drag(p(100, 100), p(130, 115), { shift: true });
    expect(editor.lastShape).toMatchObject({ kind: 'rect', x: 100, y: 100, width: 30, height: 30, rx: 4, ry: 4 });
    editor.drag(p(200, 200), p(213, 207), { alt: true });
    expect(editor.lastShape).toMatchObject({ kind: 'rect', x: 187, y: 193, width: 26, height: 14 });
  });

  it('a click without a drag makes nothing', () => {
    const editor = new TestEditor().use('ellipse').click(p(30, 30));
    expect(editor.shapes).toHaveLength(0);
    expect(editor.store.history.canUndo).toBe(false);
  });

  it('draws an ellipse and a circle', () => {
    const editor = new TestEditor().use('ellipse').drag(p(0, 0), p(40, 20));
    expect(editor.lastShape).toMatchObject({ kind: 'ellipse', cx: 20, cy: 10, rx: 20, ry: 10 });
    editor.drag(p(100, 100), p(121, 103), { shift: true });
    expect(editor.lastShape).toMatchObject({ kind: 'ellipse', rx: 10.5, ry: 10.5 });
  });

  it('draws polygons and stars from the centre with the corners the settings ask for', () => {
    const editor = new TestEditor();
    editor.store.set({
      shapeSettings: { ...editor.state.shapeSettings, polygonSides: 8, starPoints: 6, starInnerRatio: 0.4 },
    });
    editor.use('polygon').drag(p(100, 100), p(130, 100));
    const polygon = editor.lastShape;
    if (polygon.kind !== 'polygon') throw new Error('not a polygon');
    expect(polygon.points).toHaveLength(8);
    expect(polygon.closed).toBe(true);
    for (const q of polygon.points) expect(Math.hypot(q.x - 100, q.y - 100)).toBeCloseTo(30, 9);
    expect(polygon.points[0]).toEqual({ x: 130, y: 100 });

    editor.use('star').drag(p(300, 300), p(300, 350));
    const star = editor.lastShape;
    if (star.kind !== 'polygon') throw new Error('not a polygon');
    expect(star.points).toHaveLength(12);
    const radii = star.points.map((q) => Math.round(Math.hypot(q.x - 300, q.y - 300) * 1e6) / 1e6);
    expect(new Set(radii)).toEqual(new Set([50, 20]));
  });

  it('draws a line with one drag, and a polyline with clicks ended by Enter', () => {
    const editor = new TestEditor().use('line').drag(p(10, 10), p(90, 10));
    expect(editor.lastShape).toMatchObject({ kind: 'polygon', closed: false, points: [p(10, 10), p(90, 10)] });

    editor.click(p(200, 200)).click(p(250, 200)).click(p(250, 260)).key('Enter');
    expect(editor.lastShape).toMatchObject({
      kind: 'polygon',
      closed: false,
      points: [p(200, 200), p(250, 200), p(250, 260)],
    });
    expect(editor.shapes).toHaveLength(2);
  });

  it('closes a polyline by clicking its first point, and keeps 45° with Shift', () => {
    const editor = new TestEditor().use('line');
    editor.click(p(100, 100)).click(p(200, 100)).move(p(203, 190), { shift: true }).click(p(203, 190), { shift: true });
    editor.click(p(100.5, 100.5));
    const shape = editor.lastShape;
    if (shape.kind !== 'polygon') throw new Error('not a polygon');
    expect(shape.closed).toBe(true);
    expect(shape.points).toHaveLength(3);
    // Shift kept the second segment on the nearest 45° line (straight down from 200,100)
    expect(shape.points[2]!.x).toBeCloseTo(200, 9);
  });

  it('Escape with one point drops the line; with more it ends it', () => {
    const editor = new TestEditor().use('line').click(p(10, 10)).key('Escape');
    expect(editor.shapes).toHaveLength(0);
    editor.click(p(10, 10)).click(p(50, 10)).key('Escape');
    expect(editor.shapes).toHaveLength(1);
  });

  it('draws Bézier curves with the pen: a drag makes a smooth node, a click on the start closes', () => {
    const editor = new TestEditor().use('pen');
    editor.click(p(100, 100));
    editor.down(p(200, 100)).move(p(210, 130)).move(p(220, 160)).up(p(220, 160));
    editor.click(p(150, 250));
    editor.click(p(100, 100));
    const shape = editor.lastShape;
    if (shape.kind !== 'path') throw new Error('not a path');
    const [sub] = shape.path;
    expect(sub!.closed).toBe(true);
    expect(sub!.start).toEqual(p(100, 100));
    expect(sub!.segments.map((s) => s.type)).toEqual(['cubic', 'cubic', 'line']);
    // the smooth node's handles mirror each other about it
    const into = sub!.segments[0]!;
    const out = sub!.segments[1]!;
    if (into.type !== 'cubic' || out.type !== 'cubic') throw new Error('not cubic');
    expect(into.c2).toEqual(p(180, 40));
    expect(out.c1).toEqual(p(220, 160));
    const b = boundsOf([shape])!;
    expect(b.maxX).toBeGreaterThan(200);
  });

  it('an open pen path ends with a double-click', () => {
    const editor = new TestEditor().use('pen').click(p(10, 10)).click(p(60, 10)).dblclick(p(60, 60));
    const shape = editor.lastShape;
    if (shape.kind !== 'path') throw new Error('not a path');
    expect(shape.path[0]!.closed).toBe(false);
    expect(shape.path[0]!.segments).toHaveLength(2);
  });
});
