import { describe, expect, it } from 'vitest';
import { TestEditor } from '../test-editor';
import { startNewDrawing } from './document-actions';

const p = (x: number, y: number) => ({ x, y });

describe('a new drawing', () => {
  it('empties the canvas and the history, starts the layers over and keeps the work area', () => {
    const editor = new TestEditor().use('rect');
    editor.drag(p(10, 10), p(30, 20)).drag(p(50, 40), p(60, 70));
    editor.store.change('resize', (d) => {
      d.width = 600;
      d.height = 400;
      d.layers[0]!.speed = 42;
    });
    expect(editor.shapes).toHaveLength(2);
    expect(editor.store.history.canUndo).toBe(true);

    startNewDrawing(editor);

    expect(editor.shapes).toHaveLength(0);
    expect(editor.state.selection).toEqual([]);
    expect(editor.store.history.canUndo).toBe(false);
    expect(editor.doc).toMatchObject({ width: 600, height: 400 });
    expect(editor.doc.layers).toHaveLength(1);
    expect(editor.doc.layers[0]!.speed).not.toBe(42);
    expect(editor.state.activeLayerId).toBe(editor.doc.layers[0]!.id);
    // the work area fills the view
    const { camera, viewport } = editor.state;
    expect(600 * camera.zoom).toBeLessThanOrEqual(viewport.width);
    expect(600 * camera.zoom).toBeGreaterThan(viewport.width * 0.5);
  });
});
