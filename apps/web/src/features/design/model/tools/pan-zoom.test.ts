import { describe, expect, it } from 'vitest';
import { zoomBy, zoomToFit, zoomToSelection } from '../actions/selection-actions';
import { TestEditor } from '../test-editor';

const p = (x: number, y: number) => ({ x, y });

describe('pan and zoom', () => {
  it('pans with the pan tool, with Space held, and with the middle button; the drawing stays put', () => {
    const editor = new TestEditor().use('rect').drag(p(10, 10), p(30, 30));
    const doc = editor.doc;
    const start = editor.state.camera;
    // canvas pixels: a pan moves the view under the pointer, so points are given on the screen
    const keys = { shift: false, ctrl: false, alt: false };
    const drag = (from: { x: number; y: number }, to: { x: number; y: number }, button = 0) => {
      editor.pointerDown({ ...keys, screen: from, button });
      editor.pointerMove({ ...keys, screen: to, button });
      editor.pointerUp({ ...keys, screen: to, button });
    };
    editor.use('pan');
    drag(p(40, 40), p(80, 60));
    expect(editor.state.camera).toMatchObject({ x: start.x + 40, y: start.y + 20, zoom: start.zoom });
    editor.use('select').key(' ');
    drag(p(80, 80), p(40, 80));
    editor.keyUp(' ');
    expect(editor.state.camera.x).toBeCloseTo(start.x, 9);
    drag(p(0, 0), p(20, 0), 1);
    expect(editor.state.camera.x).toBeCloseTo(start.x + 20, 9);
    expect(editor.doc).toBe(doc);
    expect(editor.state.selection).toHaveLength(1);
  });

  it('zooms about the pointer with Ctrl+wheel (and pinch), scrolls with the wheel', () => {
    const editor = new TestEditor();
    const screen = editor.screenOf(p(100, 100));
    editor.wheel(screen, 0, -100, true);
    expect(editor.state.camera.zoom).toBeCloseTo(4 * 1.2, 9);
    const under = editor.toDocument(screen);
    expect(under.x).toBeCloseTo(100, 9);
    expect(under.y).toBeCloseTo(100, 9);
    const before = editor.state.camera;
    editor.wheel(screen, 30, 40, false);
    expect(editor.state.camera).toMatchObject({ x: before.x - 30, y: before.y - 40, zoom: before.zoom });
  });

  it('zooms in steps, to fit the drawing, and to the selection', () => {
    const editor = new TestEditor().use('rect').drag(p(100, 100), p(150, 120)).use('select');
    zoomBy(editor, 2);
    expect(editor.state.camera.zoom).toBeCloseTo(4 * 1.44, 9);
    zoomToSelection(editor);
    const { viewport, camera } = editor.state;
    // the selection fills the view, less the margin
    expect(50 * camera.zoom).toBeCloseTo(viewport.width - 160, 6);
    zoomToFit(editor);
    expect(editor.toDocument(p(viewport.width / 2, viewport.height / 2)).x).toBeCloseTo(125, 6);
  });
});
