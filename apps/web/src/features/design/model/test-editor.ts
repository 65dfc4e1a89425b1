import type { KerfDocument, Shape, Vec2 } from '@kerf/laser';
import { toScreen } from './camera';
import { Editor } from './editor';
import type { ToolId } from './store/editor-store';
import type { Modifiers } from './tools/tool';

const NO_KEYS: Modifiers = { shift: false, ctrl: false, alt: false };

/**
 * The editor driven like a person would, without a DOM: points are given in millimetres and turned into
 * canvas pixels through the camera, so tools see exactly what the canvas would send them.
 */
export class TestEditor extends Editor {
  constructor(doc?: KerfDocument) {
    super({ doc, state: { camera: { x: 0, y: 0, zoom: 4 }, viewport: { width: 2000, height: 2000 } } });
  }

  screenOf(p: Vec2): Vec2 {
    return toScreen(this.state.camera, p);
  }

  down(p: Vec2, keys: Partial<Modifiers> = {}, button = 0) {
    this.pointerDown({ ...NO_KEYS, ...keys, screen: this.screenOf(p), button });
    return this;
  }

  move(p: Vec2, keys: Partial<Modifiers> = {}) {
    this.pointerMove({ ...NO_KEYS, ...keys, screen: this.screenOf(p), button: 0 });
    return this;
  }

  up(p: Vec2, keys: Partial<Modifiers> = {}, button = 0) {
    this.pointerUp({ ...NO_KEYS, ...keys, screen: this.screenOf(p), button });
    return this;
  }

  click(p: Vec2, keys: Partial<Modifiers> = {}) {
    return this.down(p, keys).up(p, keys);
  }

  dblclick(p: Vec2, keys: Partial<Modifiers> = {}) {
    this.click(p, keys).click(p, keys);
    this.doubleClick({ ...NO_KEYS, ...keys, screen: this.screenOf(p), button: 0 });
    return this;
  }

  /** Press, move in a few steps (as a real pointer reports), release. */
  drag(from: Vec2, to: Vec2, keys: Partial<Modifiers> = {}) {
    this.down(from, keys);
    for (const t of [0.25, 0.5, 0.75, 1])
      this.move({ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }, keys);
    return this.up(to, keys);
  }

  key(key: string, keys: Partial<Modifiers> = {}) {
    this.keyDown({ ...NO_KEYS, ...keys, key });
    return this;
  }

  use(tool: ToolId) {
    this.setTool(tool);
    return this;
  }

  get shapes(): readonly Shape[] {
    return this.doc.shapes;
  }

  get lastShape(): Shape {
    const shape = this.doc.shapes.at(-1);
    if (!shape) throw new Error('the drawing is empty');
    return shape;
  }
}
