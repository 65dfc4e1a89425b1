import {
  createDocument,
  createLayer,
  IDENTITY,
  type KerfDocument,
  type Layer,
  type LeafShape,
  type Vec2,
} from '@kerf/laser';
import { type Move, trace } from '../../../../../../../packages/laser/test/gcode-trace';
import { type BuiltJob, buildJob } from './build-job';
import type { MachineProfile } from './machine-profiles';

/**
 * Documents and a machine for the job tests, and the G-code read back by the same independent
 * interpreter (cncjs gcode-toolpath) the laser core's tests use. The test machine's origin is top-left,
 * so traced coordinates are document coordinates.
 */

export const TEST_PROFILE: MachineProfile = {
  id: 'test',
  name: 'Test 200 × 200',
  builtIn: false,
  laserType: 'gas',
  bedWidth: 200,
  bedHeight: 200,
  origin: 'top-left',
  machinePower: 40,
  maxS: 1000,
  maxCutSpeed: 500,
  travelSpeed: 200,
  acceleration: 2000,
  zAxis: true,
  airAssist: 'M8',
  dynamicPower: true,
};

let ids = 0;
export function rect(layerId: string, x: number, y: number, width: number, height: number): LeafShape {
  return { id: `r${++ids}`, kind: 'rect', transform: IDENTITY, layerId, x, y, width, height, rx: 0, ry: 0 };
}

export function polygon(layerId: string, points: Vec2[], closed = true): LeafShape {
  return { id: `p${++ids}`, kind: 'polygon', transform: IDENTITY, layerId, points, closed };
}

export function ellipse(layerId: string, cx: number, cy: number, r: number): LeafShape {
  return { id: `e${++ids}`, kind: 'ellipse', transform: IDENTITY, layerId, cx, cy, rx: r, ry: r };
}

/** A document with the given layers (each from `createLayer`) and shapes, in a 200 mm square. */
export function docWith(layers: (Partial<Layer> & { id: string })[], shapes: LeafShape[]): KerfDocument {
  return createDocument({ width: 200, height: 200, layers: layers.map((l) => createLayer(l)), shapes });
}

export function built(doc: KerfDocument, profile: MachineProfile = TEST_PROFILE): BuiltJob {
  const result = buildJob(doc, profile);
  if (!('built' in result)) throw new Error(`no job: ${result.problem.code} ${result.problem.text?.en ?? ''}`);
  return result.built;
}

export function gcodeOf(doc: KerfDocument, profile: MachineProfile = TEST_PROFILE): string {
  return new TextDecoder().decode(built(doc, profile).gcode);
}

export function movesOf(doc: KerfDocument, profile: MachineProfile = TEST_PROFILE): Move[] {
  return trace(gcodeOf(doc, profile));
}

export const burns = (moves: Move[]) => moves.filter((m) => m.motion === 'G1' && m.s > 0);
export const lengthOf = (moves: Move[]) =>
  moves.reduce((a, m) => a + Math.hypot(m.to.x - m.from.x, m.to.y - m.from.y), 0);
export const burnLength = (doc: KerfDocument, profile?: MachineProfile) => lengthOf(burns(movesOf(doc, profile)));

export function boundsOf(moves: Move[]) {
  const xs = moves.flatMap((m) => [m.from.x, m.to.x]);
  const ys = moves.flatMap((m) => [m.from.y, m.to.y]);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

/** The distinct S values burnt, in the order they first appear. */
export const powersInOrder = (moves: Move[]) => [...new Set(burns(moves).map((m) => m.s))];

export type { Move };
