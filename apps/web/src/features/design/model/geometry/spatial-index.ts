import type { Bounds, Shape } from '@kerf/laser';
import RBush from 'rbush';
import { geometryOf } from './shape-geometry';

interface Entry extends Bounds {
  shape: Shape;
}

/**
 * An R-tree of the top-level shapes' boxes, for hit tests, marquees, snapping and culling. `sync` takes
 * the document's shapes after any change and updates only the entries whose shape object changed.
 */
export class SpatialIndex {
  private tree = new RBush<Entry>();
  private entries = new Map<string, Entry>();
  private synced: readonly Shape[] | null = null;

  sync(shapes: readonly Shape[]) {
    if (shapes === this.synced) return;
    const fresh = this.synced === null || shapes.length > 4 * this.entries.size + 1000;
    if (fresh) {
      this.entries = new Map(shapes.map((shape) => [shape.id, entryOf(shape)]));
      this.tree.clear();
      this.tree.load([...this.entries.values()]);
    } else {
      const seen = new Set<string>();
      for (const shape of shapes) {
        seen.add(shape.id);
        const entry = this.entries.get(shape.id);
        if (entry?.shape === shape) continue;
        if (entry) this.tree.remove(entry);
        const next = entryOf(shape);
        this.entries.set(shape.id, next);
        this.tree.insert(next);
      }
      for (const [id, entry] of this.entries) {
        if (seen.has(id)) continue;
        this.tree.remove(entry);
        this.entries.delete(id);
      }
    }
    this.synced = shapes;
  }

  /** Shapes whose boxes meet `bounds`, in no particular order. */
  search(bounds: Bounds): Shape[] {
    return this.tree.search(bounds).map((entry) => entry.shape);
  }

  get size() {
    return this.entries.size;
  }
}

function entryOf(shape: Shape): Entry {
  const b = geometryOf(shape).bounds;
  return { minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY, shape };
}
