import type { Vec2 } from '@kerf/laser';

/**
 * A finger-jointed box as six (or five, open-topped) flat panels. Box axes: x along the width, y along
 * the depth, z up the height. Every panel is drawn at the box's outer size; where two panels meet, each
 * gives up a strip as deep as the material along the shared edge, and the strip is split into fingers
 * that belong alternately to one panel and the other.
 *
 * Each box edge has a corner zone (one material thickness long) at both ends and a joint between them.
 * The joint is cut into an odd number of equal fingers, so the panel that owns the ends of a joint has
 * one finger more than its neighbour and both ends of the edge are solid. Who owns what:
 * - front and back own the eight corner cubes, the ends of their joints with the bottom and top (x)
 *   and with the sides (z);
 * - left and right own the ends of their joints with the bottom and top (y);
 * - bottom and top own no ends, so they are plates with tabs in the middle of each edge.
 * At each corner of the box exactly one panel (front or back) holds the corner cube, so nothing is
 * doubled and nothing is missing.
 */

export type BoxPanelName = 'front' | 'back' | 'left' | 'right' | 'bottom' | 'top';
export type BoxDimensions = 'inner' | 'outer';

export interface BoxSpec {
  /** Along x, mm. */
  width: number;
  /** Along y, mm. */
  depth: number;
  /** Along z, mm. */
  height: number;
  /** Whether width, depth and height measure the inside of the box or the outside. */
  dimensions: BoxDimensions;
  thickness: number;
  /** The finger length asked for; the real one is the joint split into an odd count nearest to it. */
  fingerWidth: number;
  /** Width the beam burns away, mm (see `compensateKerf`). */
  kerf: number;
  openTop: boolean;
}

export interface BoxSize {
  width: number;
  depth: number;
  height: number;
}

/** How a panel's side meets its neighbour. */
export type SideJoint =
  /** No neighbour (the top edges of an open box): straight. */
  | 'plain'
  /** Tabs in the first, third… fingers: this panel owns the joint's ends. */
  | 'ends'
  /** Tabs in the second, fourth… fingers. */
  | 'middles';

export interface EdgeFingers {
  /** Odd. */
  count: number;
  /** Length of each finger along the edge (before kerf compensation), mm. */
  length: number;
}

export interface PanelSide {
  joint: SideJoint;
  fingers: EdgeFingers;
}

export interface PanelPlan {
  name: BoxPanelName;
  /** Outer size of the panel as laid flat, mm. */
  width: number;
  height: number;
  /** Whether the panel keeps its four corner squares (front and back do). */
  ownsCorners: boolean;
  /** Top, right, bottom, left, as laid flat (y down). */
  sides: [PanelSide, PanelSide, PanelSide, PanelSide];
}

export interface BoxPanel extends PanelPlan {
  /**
   * The outline in panel coordinates: the outer rectangle is (0, 0)–(width, height) before kerf
   * compensation. Clockwise on screen, without repeated or collinear points; the path closes back to the first.
   */
  outline: Vec2[];
}

/** Fingers shorter than this cannot be cut cleanly. */
export const MIN_FINGER_LENGTH = 0.5;

export type BoxIssue = 'tooSmall' | 'fingersTooShort' | 'kerfTooLarge';

export function outerSize(spec: BoxSpec): BoxSize {
  const grow = spec.dimensions === 'inner' ? 2 * spec.thickness : 0;
  return { width: spec.width + grow, depth: spec.depth + grow, height: spec.height + grow };
}

/**
 * The fingers of an edge of outer `length`: the joint between the corner zones is split into the odd
 * count (at least 3) whose length comes nearest the finger width asked for.
 */
export function edgeFingers(length: number, thickness: number, fingerWidth: number): EdgeFingers {
  const joint = length - 2 * thickness;
  const half = Math.max(1, Math.round((joint / fingerWidth - 1) / 2));
  const count = 2 * half + 1;
  return { count, length: joint / count };
}

/** What stops the box being drawn, or an empty list. */
export function boxIssues(spec: BoxSpec): BoxIssue[] {
  const size = outerSize(spec);
  const lengths = [size.width, size.depth, size.height];
  if (lengths.some((l) => l - 2 * spec.thickness <= 0)) return ['tooSmall'];
  const shortest = Math.min(...lengths.map((l) => edgeFingers(l, spec.thickness, spec.fingerWidth).length));
  const issues: BoxIssue[] = [];
  if (shortest < MIN_FINGER_LENGTH) issues.push('fingersTooShort');
  // A slot is drawn one kerf narrower than its finger; it must keep some width.
  if (spec.kerf >= shortest) issues.push('kerfTooLarge');
  return issues;
}

/** The panels' sizes and joints, before any outline is drawn. */
export function planBox(spec: BoxSpec): PanelPlan[] {
  const { width: w, depth: d, height: h } = outerSize(spec);
  const t = spec.thickness;
  const x = edgeFingers(w, t, spec.fingerWidth);
  const y = edgeFingers(d, t, spec.fingerWidth);
  const z = edgeFingers(h, t, spec.fingerWidth);
  const side = (joint: SideJoint, fingers: EdgeFingers): PanelSide => ({ joint, fingers });
  const lidJoint = (fingers: EdgeFingers, joint: SideJoint) => side(spec.openTop ? 'plain' : joint, fingers);
  // Front and back: x across, z up (their top side meets the lid). Left and right: y across, z up.
  const face = (name: 'front' | 'back'): PanelPlan => ({
    name,
    width: w,
    height: h,
    ownsCorners: true,
    sides: [lidJoint(x, 'ends'), side('ends', z), side('ends', x), side('ends', z)],
  });
  const flank = (name: 'left' | 'right'): PanelPlan => ({
    name,
    width: d,
    height: h,
    ownsCorners: false,
    sides: [lidJoint(y, 'ends'), side('middles', z), side('ends', y), side('middles', z)],
  });
  // Bottom and top: x across, y down; their top side meets the front.
  const plate = (name: 'bottom' | 'top'): PanelPlan => ({
    name,
    width: w,
    height: d,
    ownsCorners: false,
    sides: [side('middles', x), side('middles', y), side('middles', x), side('middles', y)],
  });
  const plans = [face('front'), face('back'), flank('left'), flank('right'), plate('bottom')];
  if (!spec.openTop) plans.push(plate('top'));
  return plans;
}

interface SideInterval {
  from: number;
  to: number;
  /** 0: on the outer line (a tab); the thickness: on the inner line (a slot). */
  depth: number;
}

/** The joint part of a side (between its corner zones), as runs of one depth. */
function sideIntervals(length: number, thickness: number, side: PanelSide): SideInterval[] {
  if (side.joint === 'plain') return [{ from: thickness, to: length - thickness, depth: 0 }];
  const { count, length: finger } = side.fingers;
  const out: SideInterval[] = [];
  for (let i = 0; i < count; i++) {
    const tab = (i % 2 === 0) === (side.joint === 'ends');
    out.push({ from: thickness + i * finger, to: thickness + (i + 1) * finger, depth: tab ? 0 : thickness });
  }
  return out;
}

const same = (a: Vec2, b: Vec2) => Math.abs(a.x - b.x) < 1e-9 && Math.abs(a.y - b.y) < 1e-9;

/** Drops repeated points and points in the middle of a straight run (the ring closes on itself). */
export function simplifyRing(points: readonly Vec2[]): Vec2[] {
  let ring = points.filter((p, i) => !same(p, points[(i + 1) % points.length]!));
  let changed = true;
  while (changed && ring.length > 2) {
    changed = false;
    const kept = ring.filter((p, i) => {
      const a = ring[(i + ring.length - 1) % ring.length]!;
      const b = ring[(i + 1) % ring.length]!;
      const cross = (p.x - a.x) * (b.y - p.y) - (p.y - a.y) * (b.x - p.x);
      return Math.abs(cross) > 1e-9;
    });
    changed = kept.length !== ring.length;
    ring = kept;
  }
  return ring;
}

/**
 * The panel's outline with square fingers, before kerf compensation. Each side is walked from one
 * corner to the next (clockwise on screen); its corner point is the outer corner when the panel owns
 * its corners and one thickness inside on both axes when it does not.
 */
export function panelOutline(plan: PanelPlan, thickness: number): Vec2[] {
  const { width: w, height: h } = plan;
  const walks = [
    { start: { x: 0, y: 0 }, dir: { x: 1, y: 0 }, length: w },
    { start: { x: w, y: 0 }, dir: { x: 0, y: 1 }, length: h },
    { start: { x: w, y: h }, dir: { x: -1, y: 0 }, length: w },
    { start: { x: 0, y: h }, dir: { x: 0, y: -1 }, length: h },
  ];
  const corner = plan.ownsCorners ? 0 : thickness;
  const points: Vec2[] = [];
  walks.forEach((walk, i) => {
    // Inward is the walking direction turned a quarter clockwise on screen.
    const inward = { x: -walk.dir.y, y: walk.dir.x };
    const at = (along: number, depth: number): Vec2 => ({
      x: walk.start.x + walk.dir.x * along + inward.x * depth,
      y: walk.start.y + walk.dir.y * along + inward.y * depth,
    });
    points.push(at(corner, corner));
    let depth = corner;
    for (const run of sideIntervals(walk.length, thickness, plan.sides[i]!)) {
      if (run.depth === depth) continue;
      points.push(at(run.from, depth), at(run.from, run.depth));
      depth = run.depth;
    }
    if (depth !== corner) points.push(at(walk.length - thickness, depth), at(walk.length - thickness, corner));
  });
  return simplifyRing(points);
}

/**
 * Kerf compensation: every edge of the outline moves outward by half the kerf, because the beam burns
 * half its width on each side of the line it follows. Along a joint this makes each tab kerf/2 longer
 * at both ends and each slot kerf/2 shorter at both ends: drawn, a tab is `finger + kerf`, a slot
 * `finger − kerf`, so a tab is two kerfs wider than the slot it goes into; once cut, both measure
 * `finger` and the joint is tight. Tab depth and panel size come out exact too (both sides of each
 * move the same way). The outline is rectilinear and clockwise on screen, so each corner moves by half
 * the kerf along both of its edges' outward normals.
 */
export function compensateKerf(ring: readonly Vec2[], kerf: number): Vec2[] {
  if (kerf === 0) return ring.map((p) => ({ ...p }));
  const half = kerf / 2;
  const outward = (a: Vec2, b: Vec2): Vec2 => {
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    return { x: (b.y - a.y) / len, y: -(b.x - a.x) / len };
  };
  return ring.map((p, i) => {
    const before = outward(ring[(i + ring.length - 1) % ring.length]!, p);
    const after = outward(p, ring[(i + 1) % ring.length]!);
    return { x: p.x + half * (before.x + after.x), y: p.y + half * (before.y + after.y) };
  });
}

/** Every panel of the box with its outline, kerf compensation included. */
export function boxPanels(spec: BoxSpec): BoxPanel[] {
  return planBox(spec).map((plan) => ({
    ...plan,
    outline: compensateKerf(panelOutline(plan, spec.thickness), spec.kerf),
  }));
}
