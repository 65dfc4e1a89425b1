import { IDENTITY, type PathData, type Shape } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import {
  deleteNodes,
  editablePath,
  insertNode,
  moveHandle,
  moveNodes,
  nodesOf,
  setNodeKind,
} from '../geometry/node-edit';
import { geometryOf } from '../geometry/shape-geometry';
import { blankDocument } from '../store/editor-store';
import { TestEditor } from '../test-editor';

const p = (x: number, y: number) => ({ x, y });
const square = (): Shape => ({
  id: 'sq',
  kind: 'rect',
  transform: IDENTITY,
  layerId: 'L1',
  x: 10,
  y: 10,
  width: 40,
  height: 40,
  rx: 0,
  ry: 0,
});

function editorWith(shape: Shape) {
  const editor = new TestEditor({ ...blankDocument(), shapes: [shape] });
  editor.select([shape.id]);
  editor.use('node');
  return editor;
}

describe('node editing', () => {
  it('shows a rectangle’s corners as nodes and drags one: the shape becomes a path with the same id and layer', () => {
    const editor = editorWith(square());
    const nodes = editor
      .overlay()
      ?.nodes?.filter((n) => !n.handle)
      .map((n) => n.point);
    expect(nodes).toContainEqual(p(50, 10));
    editor.drag(p(50, 10), p(60, 0.4), { alt: true });
    const shape = editor.shapes[0]!;
    expect(shape).toMatchObject({ id: 'sq', kind: 'path', layerId: 'L1' });
    const b = geometryOf(shape).bounds;
    expect([b.minX, b.minY, b.maxX, b.maxY].map((v) => Math.round(v * 100) / 100)).toEqual([10, 0.4, 60, 50]);
    expect(editor.store.history.undoLabel).toBe('editNodes');
    editor.key('z', { ctrl: true });
    expect(editor.shapes[0]).toMatchObject({ kind: 'rect' });
  });

  it('adds a node with a double-click on the outline and deletes picked nodes with Delete', () => {
    const editor = editorWith(square());
    const corners = editor.overlay()!.nodes!.filter((n) => !n.handle).length;
    editor.dblclick(p(30, 50));
    const shape = editor.shapes[0]!;
    if (shape.kind !== 'path') throw new Error('not a path');
    expect(nodesOf(shape.path)).toHaveLength(corners + 1);
    // pick the new node and another, then delete both
    editor.click(p(30, 50)).click(p(10, 50), { shift: true }).key('Delete');
    const after = editor.shapes[0]!;
    if (after.kind !== 'path') throw new Error('not a path');
    expect(nodesOf(after.path)).toHaveLength(corners - 1);
  });

  it('makes a corner smooth with S and back to a corner with C', () => {
    const editor = editorWith(square());
    editor.click(p(50, 10)).key('s');
    const smooth = editor.shapes[0]!;
    if (smooth.kind !== 'path') throw new Error('not a path');
    expect(smooth.path[0]!.segments.filter((s) => s.type === 'cubic')).toHaveLength(2);
    editor.click(p(50, 10)).key('c');
    const corner = editor.shapes[0]!;
    if (corner.kind !== 'path') throw new Error('not a path');
    expect(corner.path[0]!.segments.every((s) => s.type === 'line')).toBe(true);
  });
});

describe('node-edit geometry', () => {
  const wave: PathData = [
    {
      start: p(0, 0),
      segments: [
        { type: 'cubic', c1: p(10, -10), c2: p(20, -10), to: p(30, 0) },
        { type: 'cubic', c1: p(40, 10), c2: p(50, 10), to: p(60, 0) },
      ],
      closed: false,
    },
  ];

  it('splits a curve without changing its shape', () => {
    const split = insertNode(wave, 0, 0, 0.5);
    expect(split[0]!.segments).toHaveLength(3);
    expect(split[0]!.segments[0]!.to).toEqual(p(15, -7.5));
  });

  it('moving a node carries its handles; a smooth node’s other handle turns with the one dragged', () => {
    const moved = moveNodes(wave, [{ sub: 0, index: 1 }], 5, 5);
    const [a, b] = moved[0]!.segments;
    if (a?.type !== 'cubic' || b?.type !== 'cubic') throw new Error('not cubic');
    expect(a.c2).toEqual(p(25, -5));
    expect(b.c1).toEqual(p(45, 15));
    const turned = moveHandle(wave, { sub: 0, segment: 0, which: 'c2' }, p(30, -10));
    const [, after] = turned[0]!.segments;
    if (after?.type !== 'cubic') throw new Error('not cubic');
    expect(after.c1.x).toBeCloseTo(30, 9);
    expect(after.c1.y).toBeCloseTo(Math.hypot(10, 10), 9);
  });

  it('deleting a node joins its segments into one curve; too few nodes drop the sub-path', () => {
    const joined = deleteNodes(wave, [{ sub: 0, index: 1 }]);
    expect(joined[0]!.segments).toEqual([{ type: 'cubic', c1: p(10, -10), c2: p(50, 10), to: p(60, 0) }]);
    expect(
      deleteNodes(wave, [
        { sub: 0, index: 0 },
        { sub: 0, index: 1 },
      ]),
    ).toEqual([]);
  });

  it('turns arcs and quadratic curves into cubics that stay on the curve', () => {
    const circle: PathData = [
      {
        start: p(10, 0),
        segments: [{ type: 'arc', rx: 10, ry: 10, rotation: 0, largeArc: true, sweep: true, to: p(-10, 0) }],
        closed: false,
      },
    ];
    const cubics = editablePath(circle);
    expect(cubics[0]!.segments.every((s) => s.type === 'cubic')).toBe(true);
    expect(cubics[0]!.segments.at(-1)!.to).toEqual(p(-10, 0));
    const smooth = setNodeKind(
      editablePath([
        {
          start: p(0, 0),
          segments: [
            { type: 'quad', c: p(5, 10), to: p(10, 0) },
            { type: 'line', to: p(20, 0) },
          ],
          closed: false,
        },
      ]),
      { sub: 0, index: 1 },
      'smooth',
    );
    expect(smooth[0]!.segments.map((s) => s.type)).toEqual(['cubic', 'cubic']);
  });
});
