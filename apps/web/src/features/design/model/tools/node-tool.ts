import type { PathData, PathShape, Vec2 } from '@kerf/laser';
import { replaceShapes } from '../actions/shape-commands';
import { screenDistance } from '../camera';
import type { Editor } from '../editor';
import {
  deleteNodes,
  editablePath,
  type HandleRef,
  handlesOf,
  insertNode,
  moveHandle,
  moveNodes,
  type NodeRef,
  nearestOnPath,
  nodesOf,
  setNodeKind,
} from '../geometry/node-edit';
import { toPathShape } from '../geometry/path-ops';
import { findShape } from '../geometry/shape-geometry';
import { movedEnough, type PointerInput, type Tool, type ToolOverlay } from './tool';

/** How near a node or handle (screen pixels) a press grabs it. */
const GRAB_RADIUS = 6;

type Drag =
  | { kind: 'nodes'; from: Vec2; fromScreen: Vec2; moved: boolean }
  | { kind: 'handle'; handle: HandleRef; fromScreen: Vec2; moved: boolean };

/**
 * Node editing: a click picks a shape and shows its nodes (rectangles, ellipses and text become paths on
 * the first edit); drag nodes (Shift adds to the picked ones) or their Bézier handles; a double-click on
 * the outline adds a node; Delete removes the picked nodes; S makes them smooth, C corners. Each edit is
 * one undoable step; the shape keeps its id, layer and place.
 */
export class NodeTool implements Tool {
  readonly id = 'node' as const;
  readonly cursor = 'default';
  private targetId: string | null = null;
  /** The target's path in document coordinates, as edited so far (curves as cubics). */
  private path: PathData | null = null;
  private picked: NodeRef[] = [];
  private drag: Drag | null = null;

  constructor(private readonly editor: Editor) {}

  /** The shape whose nodes are shown (the selection's, when the tool is picked with one shape selected). */
  private target(): PathShape | null {
    const id = this.targetId ?? (this.editor.state.selection.length === 1 ? this.editor.state.selection[0]! : null);
    const shape = id ? findShape(this.editor.doc, id) : undefined;
    if (!shape || shape.kind === 'group' || shape.kind === 'bitmap') return null;
    if (this.targetId !== shape.id || !this.path) {
      const asPath = toPathShape(shape);
      this.targetId = shape.id;
      this.path = asPath ? editablePath(asPath.path) : null;
      this.picked = [];
    }
    return toPathShape(shape);
  }

  private near(point: Vec2, screen: Vec2) {
    return screenDistance(this.editor.state.camera, point, screen) <= GRAB_RADIUS;
  }

  pointerDown(input: PointerInput) {
    if (input.button !== 0) return;
    const target = this.target();
    if (target && this.path) {
      const handle = handlesOf(this.path).find((h) => this.near(h.point, input.screen));
      if (handle) {
        this.drag = { kind: 'handle', handle, fromScreen: input.screen, moved: false };
        return;
      }
      const node = nodesOf(this.path).find((n) => this.near(n.point, input.screen));
      if (node) {
        const already = this.picked.some((p) => p.sub === node.sub && p.index === node.index);
        if (input.shift)
          this.picked = already
            ? this.picked.filter((p) => p.sub !== node.sub || p.index !== node.index)
            : [...this.picked, node];
        else if (!already) this.picked = [node];
        this.drag = { kind: 'nodes', from: input.point, fromScreen: input.screen, moved: false };
        this.editor.refreshOverlay();
        return;
      }
    }
    const hit = this.editor.shapeAt(input.screen);
    if (hit && hit.id !== this.targetId) {
      this.targetId = null;
      this.path = null;
      this.editor.select([hit.id]);
      this.targetId = hit.id;
      this.target();
    } else if (!hit) {
      this.picked = [];
    }
    this.editor.refreshOverlay();
  }

  pointerMove(input: PointerInput) {
    const drag = this.drag;
    if (!drag || !this.path) return;
    if (!drag.moved && !movedEnough(drag.fromScreen, input.screen)) return;
    drag.moved = true;
    if (drag.kind === 'handle') {
      this.path = moveHandle(
        this.path,
        drag.handle,
        input.alt ? input.point : this.editor.snap(input.point, input).point,
        !input.ctrl,
      );
    } else {
      const to = this.editor.snap(input.point, input, new Set(this.targetId ? [this.targetId] : [])).point;
      this.path = moveNodes(this.path, this.picked, to.x - drag.from.x, to.y - drag.from.y);
      drag.from = to;
    }
    this.editor.refreshOverlay();
  }

  pointerUp() {
    const drag = this.drag;
    this.drag = null;
    if (drag?.moved) this.commit();
  }

  doubleClick(input: PointerInput) {
    if (!this.path || !this.target()) return;
    const near = nearestOnPath(this.path, input.point);
    if (!near || near.distance * this.editor.state.camera.zoom > GRAB_RADIUS || near.t <= 0 || near.t >= 1) return;
    this.path = insertNode(this.path, near.sub, near.segment, near.t);
    this.picked = [{ sub: near.sub, index: near.segment + 1 }];
    this.commit();
  }

  keyDown(input: { key: string }) {
    if (!this.path || this.picked.length === 0) return false;
    const key = input.key.length === 1 ? input.key.toLowerCase() : input.key;
    if (key === 'Delete' || key === 'Backspace') {
      this.path = deleteNodes(this.path, this.picked);
      this.picked = [];
    } else if (key === 's' || key === 'c') {
      for (const node of this.picked) this.path = setNodeKind(this.path, node, key === 's' ? 'smooth' : 'corner');
    } else if (key === 'Escape') {
      this.picked = [];
      this.editor.refreshOverlay();
      return true;
    } else {
      return false;
    }
    this.commit();
    return true;
  }

  cancel() {
    this.targetId = null;
    this.path = null;
    this.picked = [];
    this.drag = null;
    this.editor.refreshOverlay();
  }

  /** One undoable step: the shape, now a path, with the edited nodes. */
  private commit() {
    const target = this.target();
    const path = this.path;
    if (!target || !path) return;
    if (path.length === 0) {
      this.editor.store.change(
        'editNodes',
        (draft) => {
          draft.shapes = draft.shapes.filter((s) => s.id !== target.id);
        },
        [],
      );
      this.cancel();
      return;
    }
    this.editor.store.change('editNodes', replaceShapes([{ ...target, path }]), [target.id]);
    this.editor.refreshOverlay();
  }

  overlay(): ToolOverlay | null {
    if (!this.target() || !this.path) return null;
    const path = this.path;
    const target = this.target()!;
    const picked = new Set(this.picked.map((p) => `${p.sub}:${p.index}`));
    return {
      shapes: this.drag?.moved ? [{ ...target, id: 'editing', path }] : [],
      nodes: [
        ...nodesOf(path).map((n) => ({ point: n.point, selected: picked.has(`${n.sub}:${n.index}`) })),
        ...handlesOf(path).map((h) => ({ point: h.point, handle: true })),
      ],
      handleLines: handlesOf(path).map((h) => [h.node, h.point] as [Vec2, Vec2]),
    };
  }

  /** The edited path so far (tests read it). */
  get editingPath(): PathData | null {
    return this.path;
  }
}
