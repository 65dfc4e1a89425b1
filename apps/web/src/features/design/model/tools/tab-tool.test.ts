import { type LeafShape, planJob } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { group } from '../actions/selection-actions';
import { toggleLayerLocked } from '../layers/layer-actions';
import { updateLayer } from '../layers/layer-settings';
import { TestEditor } from '../test-editor';

const p = (x: number, y: number) => ({ x, y });
const tabsOf = (editor: TestEditor, index = 0) => (editor.shapes[index] as LeafShape).tabs;

/** A 40 × 20 mm rectangle at (20, 20) on the blank drawing's cut layer, the tab tool in hand. */
function rectangle() {
  const editor = new TestEditor().use('rect').drag(p(20, 20), p(60, 40));
  return editor.use('tab');
}

describe('tab tool', () => {
  it('a click on a cut outline adds a tab on it; a click on the tab removes it; each is one undo step', () => {
    const editor = rectangle();
    editor.click(p(30, 20.3));
    expect(tabsOf(editor)).toEqual([p(30, 20)]);
    editor.click(p(60.2, 30));
    expect(tabsOf(editor)).toEqual([p(30, 20), p(60, 30)]);
    // the planner cuts with these tabs, not the layer's (none here)
    const op = planJob(editor.doc).ops[0]!;
    expect(op.kind === 'path' && op.tabs).toEqual([p(30, 20), p(60, 30)]);
    editor.click(p(30.4, 20.2));
    expect(tabsOf(editor)).toEqual([p(60, 30)]);
    editor.click(p(60, 30));
    expect(tabsOf(editor)).toBeUndefined();
    editor.key('z', { ctrl: true });
    expect(tabsOf(editor)).toEqual([p(60, 30)]);
    editor.key('z', { ctrl: true }).key('z', { ctrl: true });
    expect(tabsOf(editor)).toEqual([p(30, 20)]);
  });

  it('does nothing away from outlines, on fill layers or on locked layers', () => {
    const editor = rectangle();
    editor.click(p(40, 30));
    expect(tabsOf(editor)).toBeUndefined();
    editor.store.change('fill', updateLayer('L1', { mode: 'fill' }));
    const steps = editor.store.history.size;
    editor.click(p(30, 20));
    expect(tabsOf(editor)).toBeUndefined();
    editor.store.change('cut', updateLayer('L1', { mode: 'cut' }));
    toggleLayerLocked(editor, 'L1');
    editor.click(p(30, 20));
    expect(tabsOf(editor)).toBeUndefined();
    // the refused clicks recorded nothing: only the mode change and the lock did
    expect(editor.store.history.size).toBe(steps + 2);
  });

  it('keeps tabs in the shape’s own coordinates, so they follow it when it moves (a group member too)', () => {
    const editor = rectangle();
    editor.use('rect').drag(p(100, 20), p(120, 40)).use('select');
    editor.select(editor.shapes.map((s) => s.id));
    group(editor);
    expect(editor.shapes).toHaveLength(1);
    // move the group 40 mm down by the first rectangle's left edge
    editor.drag(p(20.1, 25), p(20.1, 65));
    editor.use('tab').click(p(30, 60.2));
    const [first] = (editor.shapes[0] as { children: LeafShape[] }).children;
    expect(first!.tabs).toEqual([p(30, 20)]);
    const op = planJob(editor.doc).ops.find((o) => o.kind === 'path' && o.tabs);
    expect(op?.kind === 'path' && op.tabs).toEqual([p(30, 60)]);
  });
});
