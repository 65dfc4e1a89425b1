import { PLUGIN_LIMITS } from '@kerf/contract';
import {
  createDocument,
  createLayer,
  FormatError,
  IDENTITY,
  type KerfDocument,
  LAYER_PALETTE,
  type Layer,
  normaliseColor,
  parseDocument,
} from '@kerf/laser';

/**
 * Turns a plugin's answer into a well-formed Kerf document, or says why it cannot. The answer comes
 * from code we do not trust, so it is counted before anything is copied: too many shapes or points
 * stop the check early, and every shape then goes through the document schema (parseDocument).
 */

export class FragmentError extends Error {
  override name = 'FragmentError';
}

export interface CheckedFragment {
  document: KerfDocument;
  placement: 'document' | 'free';
  /** Text shapes that still need their outline drawn by the host. */
  textCount: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Walks the answer once, counting shapes and points; throws when a limit is passed. */
function countAnswer(shapes: unknown[]): { shapes: number; points: number; texts: number } {
  let count = 0;
  let points = 0;
  let texts = 0;
  const stack: unknown[][] = [shapes];
  while (stack.length > 0) {
    const list = stack.pop() as unknown[];
    for (const item of list) {
      if (++count > PLUGIN_LIMITS.shapesMax) throw new FragmentError(`more than ${PLUGIN_LIMITS.shapesMax} shapes`);
      if (!isObject(item)) throw new FragmentError('a shape is not an object');
      if (item.kind === 'group') {
        if (!Array.isArray(item.children)) throw new FragmentError('a group has no children list');
        stack.push(item.children);
        continue;
      }
      if (item.kind === 'text') texts++;
      if (Array.isArray(item.points)) points += item.points.length;
      for (const key of ['path', 'outline'] as const) {
        const path = item[key];
        if (!Array.isArray(path)) continue;
        for (const sub of path) if (isObject(sub) && Array.isArray(sub.segments)) points += sub.segments.length + 1;
      }
      if (points > PLUGIN_LIMITS.pointsMax) throw new FragmentError(`more than ${PLUGIN_LIMITS.pointsMax} points`);
    }
  }
  return { shapes: count, points, texts };
}

function fragmentLayers(raw: unknown): Layer[] {
  if (raw === undefined) return [createLayer({ id: 'main', name: 'main' })];
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 32) {
    throw new FragmentError('layers must be a list of 1 to 32 layers');
  }
  const ids = new Set<string>();
  return raw.map((l, i) => {
    if (!isObject(l) || typeof l.id !== 'string' || !l.id) throw new FragmentError(`layers.${i}: no id`);
    if (ids.has(l.id)) throw new FragmentError(`layers.${i}: the id "${l.id}" is used twice`);
    ids.add(l.id);
    const color = typeof l.color === 'string' ? normaliseColor(l.color) : null;
    if (l.color !== undefined && !color) throw new FragmentError(`layers.${i}: not a colour`);
    if (l.mode !== undefined && l.mode !== 'cut' && l.mode !== 'fill' && l.mode !== 'image') {
      throw new FragmentError(`layers.${i}: mode must be cut, fill or image`);
    }
    return createLayer({
      id: l.id,
      name: typeof l.name === 'string' && l.name ? l.name.slice(0, 64) : l.id,
      color: color ?? LAYER_PALETTE[i % LAYER_PALETTE.length],
      mode: (l.mode as Layer['mode'] | undefined) ?? 'cut',
      priority: i,
    });
  });
}

/** Fills what a plugin may leave out (ids, transforms, layers, text outlines) on a deep copy. */
function completeShapes(shapes: unknown[], defaultLayer: string): unknown[] {
  let next = 0;
  const used = new Set<string>();
  const complete = (item: Record<string, unknown>): Record<string, unknown> => {
    let id = typeof item.id === 'string' && item.id && !used.has(item.id) ? item.id : '';
    while (!id || used.has(id)) id = `p${++next}`;
    used.add(id);
    const out: Record<string, unknown> = { ...item, id, transform: item.transform ?? IDENTITY };
    if (item.kind === 'group') {
      out.children = (item.children as Record<string, unknown>[]).map(complete);
      return out;
    }
    out.layerId = item.layerId ?? defaultLayer;
    if (item.kind === 'text' && item.outline === undefined) out.outline = [];
    return out;
  };
  return shapes.map((s) => complete(s as Record<string, unknown>));
}

export function checkFragment(answer: unknown, workArea: { width: number; height: number }): CheckedFragment {
  if (!isObject(answer)) throw new FragmentError('the answer is not an object');
  if (!Array.isArray(answer.shapes)) throw new FragmentError('the answer has no shapes list');
  if (answer.placement !== undefined && answer.placement !== 'document' && answer.placement !== 'free') {
    throw new FragmentError('placement must be document or free');
  }
  const counted = countAnswer(answer.shapes);
  const layers = fragmentLayers(answer.layers);
  const draft = createDocument({
    width: workArea.width,
    height: workArea.height,
    layers,
    shapes: completeShapes(answer.shapes, layers[0]!.id) as KerfDocument['shapes'],
    meta: { source: 'plugin' },
  });
  try {
    return {
      document: parseDocument(JSON.parse(JSON.stringify(draft))),
      placement: answer.placement === 'document' ? 'document' : 'free',
      textCount: counted.texts,
    };
  } catch (e) {
    if (e instanceof FormatError) throw new FragmentError(e.reason);
    throw e;
  }
}
