import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { booleanSelection, closeSelection, convertSelectionToPath, offsetSelection } from '../actions/path-actions';
import {
  align,
  distribute,
  duplicate,
  group,
  mirror,
  order,
  rotateSelection,
  setSelectionBox,
  ungroup,
} from '../actions/selection-actions';
import { TestEditor } from '../test-editor';

const coordinate = fc.integer({ min: 0, max: 300 });

/** One thing a person might do; the editor decides whether it changes anything. */
const step = fc.oneof(
  fc.record({
    draw: fc.constantFrom('rect', 'ellipse', 'polygon', 'star', 'line' as const),
    x: coordinate,
    y: coordinate,
    w: fc.integer({ min: 5, max: 80 }),
    h: fc.integer({ min: 5, max: 80 }),
  }),
  fc.record({ pick: fc.array(fc.nat(), { maxLength: 4 }) }),
  fc.record({ key: fc.constantFrom('Delete', 'ArrowLeft', 'ArrowDown'), shift: fc.boolean() }),
  fc.record({
    action: fc.constantFrom(
      'group',
      'ungroup',
      'front',
      'back',
      'forward',
      'duplicate',
      'mirror',
      'rotate',
      'box',
      'align',
      'distribute',
      'union',
      'difference',
      'offset',
      'toPath',
      'close',
    ),
  }),
);

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function perform(editor: TestEditor, s: Step) {
  if ('draw' in s) {
    editor
      .use(s.draw)
      .drag({ x: s.x, y: s.y }, { x: s.x + s.w, y: s.y + s.h })
      .use('select');
  } else if ('pick' in s) {
    const shapes = editor.shapes;
    editor.select(shapes.length ? s.pick.map((i: number) => shapes[i % shapes.length]!.id) : []);
  } else if ('key' in s) {
    editor.key(s.key, { shift: s.shift });
  } else {
    const actions: Record<string, () => void> = {
      group: () => group(editor),
      ungroup: () => ungroup(editor),
      front: () => order(editor, 'front'),
      back: () => order(editor, 'back'),
      forward: () => order(editor, 'forward'),
      duplicate: () => duplicate(editor),
      mirror: () => mirror(editor, 'vertical'),
      rotate: () => rotateSelection(editor, 33),
      box: () => setSelectionBox(editor, { x: 12, width: 50 }, true),
      align: () => align(editor, 'centre'),
      distribute: () => distribute(editor, 'vertical'),
      union: () => booleanSelection(editor, 'union'),
      difference: () => booleanSelection(editor, 'difference'),
      offset: () => offsetSelection(editor, 1.5, 'round'),
      toPath: () => convertSelectionToPath(editor),
      close: () => closeSelection(editor),
    };
    actions[s.action]!();
  }
}

describe('undo and redo', () => {
  it('undoing any sequence of commands restores the document exactly, and redo replays it', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
        const editor = new TestEditor();
        const initial = structuredClone(editor.doc);
        for (const s of steps) perform(editor, s);
        const final = structuredClone(editor.doc);
        const recorded = editor.store.history.size;
        for (let i = 0; i < recorded; i++) expect(editor.store.undo()).toBe(true);
        expect(editor.store.undo()).toBe(false);
        expect(editor.doc).toEqual(initial);
        for (let i = 0; i < recorded; i++) expect(editor.store.redo()).toBe(true);
        expect(editor.doc).toEqual(final);
      }),
      { numRuns: 120 },
    );
  });
});
