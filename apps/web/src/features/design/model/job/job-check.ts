import {
  type Bilingual,
  emptyBounds,
  isEmptyBounds,
  type KerfDocument,
  type Layer,
  leafShapes,
  placedPolylines,
  polylineBounds,
} from '@kerf/laser';
import type { MachineProfile } from './machine-profiles';

/**
 * What is checked before a job is planned: whether there is anything to output at all (and if not,
 * why), and what the user should know first (shapes outside the work area, layers faster or stronger
 * than the machine). Codes name texts in the `design.job.notices` catalogue.
 */

export type JobProblemCode = 'noShapes' | 'noOutputLayer' | 'allHidden' | 'allOutside' | 'nothingToBurn' | 'setting';
export type JobWarningCode = 'outsideArea' | 'partlyOutside' | 'tooFast' | 'overPower' | 'planner';

export interface JobNotice<Code extends string = string> {
  code: Code;
  /** How many shapes it concerns. */
  count?: number;
  /** Layer names it concerns, joined for display. */
  names?: string;
  /** A message from the core, in both languages. */
  text?: Bilingual;
}

export interface JobCheck {
  problem: JobNotice<JobProblemCode> | null;
  warnings: JobNotice<JobWarningCode>[];
  /** Shapes (top-level ids) that lie wholly or partly outside the work area, for the canvas to flag. */
  outsideIds: string[];
}

/** Curves are flattened coarsely for this check: it only asks where shapes lie. */
const CHECK_TOLERANCE = 0.1;
/** A shape this close past the edge still counts as inside (float noise of imported drawings). */
const EDGE_SLACK = 1e-3;

/** The layers the job burns: set to output and not hidden (the planner's own rule). */
function burningLayers(doc: KerfDocument): Layer[] {
  return doc.layers.filter((l) => l.output && !l.hidden);
}

export function checkJob(doc: KerfDocument, profile: MachineProfile): JobCheck {
  const placed = leafShapes(doc.shapes);
  const none = (code: JobProblemCode): JobCheck => ({ problem: { code }, warnings: [], outsideIds: [] });
  if (placed.length === 0) return none('noShapes');
  const withShapes = new Set(placed.map((p) => p.shape.layerId));
  const used = doc.layers.filter((l) => withShapes.has(l.id));
  const outputs = used.filter((l) => l.output);
  if (outputs.length === 0) return none('noOutputLayer');
  const burning = new Set(burningLayers(doc).map((l) => l.id));
  if (!outputs.some((l) => burning.has(l.id))) return none('allHidden');

  const outside = new Set<string>();
  let whollyOut = 0;
  let partlyOut = 0;
  let inside = 0;
  for (const p of placed) {
    if (!burning.has(p.shape.layerId)) continue;
    const b = polylineBounds(placedPolylines(p, CHECK_TOLERANCE), emptyBounds());
    if (isEmptyBounds(b)) continue;
    const w = profile.bedWidth + EDGE_SLACK;
    const h = profile.bedHeight + EDGE_SLACK;
    const out = b.maxX < -EDGE_SLACK || b.maxY < -EDGE_SLACK || b.minX > w || b.minY > h;
    const part = !out && (b.minX < -EDGE_SLACK || b.minY < -EDGE_SLACK || b.maxX > w || b.maxY > h);
    if (out) whollyOut++;
    else if (part) partlyOut++;
    else inside++;
    if (out || part) outside.add(p.groups[0] ?? p.shape.id);
  }
  if (inside === 0 && partlyOut === 0) return { ...none('allOutside'), outsideIds: [...outside] };

  const warnings: JobNotice<JobWarningCode>[] = [];
  if (whollyOut > 0) warnings.push({ code: 'outsideArea', count: whollyOut });
  if (partlyOut > 0) warnings.push({ code: 'partlyOutside', count: partlyOut });
  const layers = used.filter((l) => burning.has(l.id));
  const names = (list: Layer[]) => list.map((l) => l.name).join(', ');
  const fast = layers.filter((l) => l.speed > profile.maxCutSpeed);
  if (fast.length > 0) warnings.push({ code: 'tooFast', names: names(fast) });
  const strong = layers.filter((l) => l.maxPower > profile.machinePower);
  if (strong.length > 0) warnings.push({ code: 'overPower', names: names(strong) });
  return { problem: null, warnings, outsideIds: [...outside] };
}
