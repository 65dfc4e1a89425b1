import { IDENTITY, type PathShape, type Segment, type Vec2 } from '@kerf/laser';
import { addShapes } from '../actions/shape-commands';
import type { Snap } from '../geometry/snapping';
import { newId } from '../ids';
import { ClickSequenceTool } from './click-sequence-tool';
import { movedEnough, type PointerInput, type Tool, type ToolOverlay } from './tool';

/** A pen node: its point and the handle out of it (the handle in mirrors it); no handle is a corner. */
export interface PenNode {
  point: Vec2;
  handle: Vec2 | null;
}

const mirrorOf = (node: PenNode): Vec2 | null =>
  node.handle ? { x: 2 * node.point.x - node.handle.x, y: 2 * node.point.y - node.handle.y } : null;

/** The path through the nodes: cubic where either end has a handle, straight otherwise. */
export function penPath(nodes: readonly PenNode[], closed: boolean): PathShape['path'] {
  if (nodes.length === 0) return [];
  const segments: Segment[] = [];
  const link = (from: PenNode, to: PenNode) => {
    const c1 = from.handle;
    const c2 = mirrorOf(to);
    segments.push(
      c1 || c2
        ? { type: 'cubic', c1: c1 ?? from.point, c2: c2 ?? to.point, to: to.point }
        : { type: 'line', to: to.point },
    );
  };
  for (let i = 1; i < nodes.length; i++) link(nodes[i - 1]!, nodes[i]!);
  if (closed && nodes.length > 2) link(nodes.at(-1)!, nodes[0]!);
  return [{ start: nodes[0]!.point, segments, closed }];
}

/**
 * Bézier pen: a click places a corner, a press-and-drag places a smooth node with its handles; a click
 * on the first node closes the path; Enter, a double-click or Escape ends it open.
 */
export class PenTool extends ClickSequenceTool<PenNode> implements Tool {
  readonly id = 'pen' as const;
  readonly cursor = 'crosshair';
  private dragging: { screen: Vec2; closing: boolean } | null = null;
  private cursorAt: Vec2 | null = null;
  private snapAt: Snap | null = null;

  protected pointOf(node: PenNode) {
    return node.point;
  }

  pointerDown(input: PointerInput) {
    if (input.button !== 0) return;
    const first = this.nodes[0];
    const closing = !!first && this.nodes.length >= 2 && this.onFirstNode(input.screen);
    if (!closing) this.nodes.push({ point: this.editor.snap(input.point, input).point, handle: null });
    this.dragging = { screen: input.screen, closing };
    this.editor.refreshOverlay();
  }

  pointerMove(input: PointerInput) {
    const drag = this.dragging;
    if (drag && movedEnough(drag.screen, input.screen)) {
      // dragging out the handles of the node just placed (or of the first one, when closing)
      const node = drag.closing ? this.nodes[0]! : this.nodes.at(-1)!;
      node.handle = input.point;
    } else {
      const snapped = this.editor.snap(input.point, input);
      this.cursorAt = snapped.point;
      this.snapAt = snapped.snap;
    }
    this.editor.refreshOverlay();
  }

  pointerUp() {
    const drag = this.dragging;
    this.dragging = null;
    if (drag?.closing) this.finish(true);
  }

  override cancel() {
    this.dragging = null;
    super.cancel();
  }

  overlay(): ToolOverlay | null {
    if (this.nodes.length === 0) return this.snapAt ? { snap: this.snapAt } : null;
    const ahead =
      !this.dragging && this.cursorAt ? [...this.nodes, { point: this.cursorAt, handle: null }] : this.nodes;
    const layerId = this.editor.state.activeLayerId;
    return {
      shapes: [{ id: 'drawing', kind: 'path', transform: IDENTITY, layerId, path: penPath(ahead, false) }],
      nodes: [
        ...this.nodes.map((n) => ({ point: n.point })),
        ...this.nodes.flatMap((n) =>
          [n.handle, mirrorOf(n)].filter((h): h is Vec2 => !!h).map((point) => ({ point, handle: true })),
        ),
      ],
      handleLines: this.nodes.flatMap((n) => {
        const m = mirrorOf(n);
        return n.handle && m ? [[m, n.handle] as [Vec2, Vec2]] : [];
      }),
      snap: this.snapAt,
    };
  }

  protected finish(closed: boolean) {
    const nodes = this.nodes;
    this.nodes = [];
    this.cursorAt = null;
    if (nodes.length >= 2) {
      const id = newId();
      const shape: PathShape = {
        id,
        kind: 'path',
        transform: IDENTITY,
        layerId: this.editor.state.activeLayerId,
        path: penPath(nodes, closed),
      };
      this.editor.store.change('draw', addShapes([shape]), [id]);
    }
    this.editor.refreshOverlay();
  }
}
