import { planJob } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { selectAll } from '../actions/selection-actions';
import { TestEditor } from '../test-editor';
import {
  activeLayer,
  applyColor,
  deleteActiveLayer,
  moveActiveLayer,
  moveSelectionToActiveLayer,
  renameActiveLayer,
  toggleLayerHidden,
  toggleLayerLocked,
} from './layer-actions';
import { NUMBERED_COLORS } from './layer-list';

const p = (x: number, y: number) => ({ x, y });

/** Two 20 mm squares on the blank drawing's layer C00: at x = 20 and x = 60. */
function twoSquares() {
  const editor = new TestEditor().use('rect');
  editor.drag(p(20, 20), p(40, 40)).drag(p(60, 20), p(80, 40));
  editor.use('select').select([]);
  return editor;
}

const layerIds = (editor: TestEditor) => editor.shapes.map((s) => (s.kind === 'group' ? '' : s.layerId));

describe('layers panel actions', () => {
  it('a colour click moves the selection to that colour’s new layer and makes it active; one undo takes both back', () => {
    const editor = twoSquares();
    editor.click(p(60.2, 30));
    expect(applyColor(editor, 2)).toBe('moved');
    const blue = editor.doc.layers.at(-1)!;
    expect([blue.name, blue.color]).toEqual(['C02', NUMBERED_COLORS[2]]);
    expect(layerIds(editor)).toEqual(['L1', blue.id]);
    expect(activeLayer(editor)?.id).toBe(blue.id);
    editor.key('z', { ctrl: true });
    expect(editor.doc.layers.map((l) => l.id)).toEqual(['L1']);
    expect(layerIds(editor)).toEqual(['L1', 'L1']);
  });

  it('a colour click with nothing selected makes that layer active; new shapes go on it', () => {
    const editor = twoSquares();
    expect(applyColor(editor, 1)).toBe('activated');
    const red = activeLayer(editor)!;
    expect(red.color).toBe(NUMBERED_COLORS[1]);
    editor.use('rect').drag(p(100, 20), p(120, 40));
    expect(layerIds(editor).at(-1)).toBe(red.id);
    // the layer that exists is reused
    applyColor(editor, 0);
    applyColor(editor, 1);
    expect(editor.doc.layers).toHaveLength(2);
  });

  it('a hidden layer is neither picked, marquee-selected, selected by Ctrl+A nor output; showing it brings all back', () => {
    const editor = twoSquares();
    editor.click(p(60.2, 30));
    applyColor(editor, 1);
    const red = activeLayer(editor)!.id;
    editor.select([editor.shapes[1]!.id]);
    toggleLayerHidden(editor, red);
    // hiding drops the hidden shape from the selection
    expect(editor.state.selection).toEqual([]);
    editor.click(p(60.2, 30));
    expect(editor.state.selection).toEqual([]);
    editor.drag(p(0, 0), p(100, 60));
    expect(editor.state.selection).toEqual([editor.shapes[0]!.id]);
    selectAll(editor);
    expect(editor.state.selection).toEqual([editor.shapes[0]!.id]);
    expect(planJob(editor.doc).ops.map((op) => op.layerId)).toEqual(['L1']);
    editor.key('z', { ctrl: true });
    expect(editor.doc.layers.find((l) => l.id === red)!.hidden).toBeUndefined();
    editor.click(p(60.2, 30));
    expect(editor.state.selection).toEqual([editor.shapes[1]!.id]);
  });

  it('shapes on a hidden layer are no snap targets', () => {
    const editor = twoSquares();
    editor.store.set({ snap: { ...editor.state.snap, grid: false } });
    expect(editor.snap(p(20.5, 20.5)).point).toEqual(p(20, 20));
    toggleLayerHidden(editor, 'L1');
    expect(editor.snap(p(20.5, 20.5)).point).toEqual(p(20.5, 20.5));
  });

  it('a locked layer is drawn and output but not picked; the click reaches what lies beneath', () => {
    const editor = new TestEditor().use('rect').drag(p(0, 0), p(200, 200)).drag(p(50, 50), p(100, 100));
    editor.use('select');
    const [sheet, part] = editor.shapes.map((s) => s.id);
    editor.select([part!]);
    applyColor(editor, 3);
    toggleLayerLocked(editor, activeLayer(editor)!.id);
    editor.click(p(70, 70));
    expect(editor.state.selection).toEqual([sheet]);
    expect(new Set(planJob(editor.doc).ops.map((op) => op.shapeId))).toEqual(new Set([sheet, part]));
  });

  it('refuses layer actions with no layer selected (SPEC §5), and drawing then lands on the first layer', () => {
    const editor = twoSquares();
    applyColor(editor, 4);
    expect(deleteActiveLayer(editor)).toBe('deleted');
    expect(activeLayer(editor)).toBeNull();
    editor.click(p(20.2, 30));
    expect(moveSelectionToActiveLayer(editor)).toBe('no-layer');
    expect(moveActiveLayer(editor, 1)).toBe('no-layer');
    expect(renameActiveLayer(editor, 'x')).toBe('no-layer');
    expect(deleteActiveLayer(editor)).toBe('no-layer');
    editor.use('rect').drag(p(100, 20), p(120, 40));
    expect(layerIds(editor).at(-1)).toBe('L1');
    expect(activeLayer(editor)?.id).toBe('L1');
  });

  it('will not delete a layer with shapes; moves the selection to the active layer; reorders', () => {
    const editor = twoSquares();
    expect(deleteActiveLayer(editor)).toBe('has-shapes');
    applyColor(editor, 1);
    editor.click(p(20.2, 30));
    expect(moveSelectionToActiveLayer(editor)).toBe('moved');
    expect(layerIds(editor)).toEqual(['L2', 'L1']);
    expect(moveActiveLayer(editor, -1)).toBe('moved');
    expect(editor.doc.layers.map((l) => [l.id, l.priority])).toEqual([
      ['L2', 0],
      ['L1', 1],
    ]);
    expect(planJob(editor.doc).layers.map((l) => l.id)).toEqual(['L2', 'L1']);
  });
});
