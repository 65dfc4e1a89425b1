import type { PathData, Segment, Vec2 } from '@kerf/laser';

/**
 * A flat panel: a rectangle with round or chamfered corners, optional mounting holes near the corners
 * and optional slots along the edges that take the tabs of another panel of the given thickness.
 * The panel's top-left corner is at (0, 0), y down.
 */

export type CornerStyle = 'round' | 'chamfer';

export interface PanelSpec {
  width: number;
  height: number;
  cornerStyle: CornerStyle;
  /** Radius of a round corner, or how far a chamfer cuts back along each edge; 0: square. */
  cornerSize: number;
  holes: boolean;
  holeDiameter: number;
  /** From the panel's corner to a hole's centre, along both edges. */
  holeInset: number;
  slots: boolean;
  /** The slot width: the thickness of the material whose tabs go in. */
  slotWidth: number;
  /** Along the edge. */
  slotLength: number;
  /** Slots along each of the two longer edges (the top and bottom edges of a square panel). */
  slotsLong: number;
  /** Slots along each of the two shorter edges. */
  slotsShort: number;
  /** From the panel's edge to the slot's near side. */
  slotInset: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type PanelIssue = 'holesOutside' | 'holesOverlap' | 'slotsOutside' | 'slotsOverlap' | 'holesHitSlots';

/**
 * The corner size used: never more than half the shorter side, so opposite corners meet at most.
 * A larger size is taken as that half: round corners then make a rounded end (a full circle on a
 * square panel), chamfers a pointed end (a diamond on a square panel).
 */
export function cornerSizeUsed(spec: Pick<PanelSpec, 'width' | 'height' | 'cornerSize'>): number {
  return Math.max(0, Math.min(spec.cornerSize, Math.min(spec.width, spec.height) / 2));
}

/** The outline: one closed sub-path, clockwise on screen, with exact arcs for round corners. */
export function panelOutline(spec: PanelSpec): PathData {
  const { width: w, height: h } = spec;
  const r = cornerSizeUsed(spec);
  // Each corner: where its straight edge arrives, and where the next straight edge leaves.
  const corners: [Vec2, Vec2][] = [
    [
      { x: w - r, y: 0 },
      { x: w, y: r },
    ],
    [
      { x: w, y: h - r },
      { x: w - r, y: h },
    ],
    [
      { x: r, y: h },
      { x: 0, y: h - r },
    ],
    [
      { x: 0, y: r },
      { x: r, y: 0 },
    ],
  ];
  const start = corners[3]![1];
  const segments: Segment[] = [];
  let at = start;
  const lineTo = (to: Vec2) => {
    if (Math.hypot(to.x - at.x, to.y - at.y) > 1e-9) segments.push({ type: 'line', to });
    at = to;
  };
  for (const [arrive, leave] of corners) {
    lineTo(arrive);
    if (r === 0) continue;
    if (spec.cornerStyle === 'round') {
      segments.push({ type: 'arc', rx: r, ry: r, rotation: 0, largeArc: false, sweep: true, to: leave });
      at = leave;
    } else {
      lineTo(leave);
    }
  }
  // The last corner ends on the start point; a closed sub-path needs no segment back to it.
  const last = segments.at(-1);
  if (last?.type === 'line' && Math.hypot(last.to.x - start.x, last.to.y - start.y) < 1e-9) segments.pop();
  return [{ start, segments, closed: true }];
}

/** Centres of the four mounting holes, clockwise from the top-left; none when holes are off. */
export function holeCentres(spec: PanelSpec): Vec2[] {
  if (!spec.holes || spec.holeDiameter <= 0) return [];
  const d = spec.holeInset;
  return [
    { x: d, y: d },
    { x: spec.width - d, y: d },
    { x: spec.width - d, y: spec.height - d },
    { x: d, y: spec.height - d },
  ];
}

/**
 * Slot centres along an edge of `length`: `count` slots at an equal pitch of length / count, the
 * outermost half a pitch from the corners.
 */
export function slotCentres(length: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => ((i + 0.5) * length) / count);
}

/** The slots, each an axis-aligned rectangle; none when slots are off. */
export function panelSlots(spec: PanelSpec): Rect[] {
  if (!spec.slots || spec.slotsLong + spec.slotsShort <= 0) return [];
  const { width: w, height: h, slotWidth: t, slotLength: l, slotInset: inset } = spec;
  const wide = w >= h;
  const across = wide ? spec.slotsLong : spec.slotsShort;
  const down = wide ? spec.slotsShort : spec.slotsLong;
  const out: Rect[] = [];
  for (const c of slotCentres(w, across)) {
    out.push({ x: c - l / 2, y: inset, width: l, height: t });
    out.push({ x: c - l / 2, y: h - inset - t, width: l, height: t });
  }
  for (const c of slotCentres(h, down)) {
    out.push({ x: inset, y: c - l / 2, width: t, height: l });
    out.push({ x: w - inset - t, y: c - l / 2, width: t, height: l });
  }
  return out;
}

/**
 * How far a point lies inside the outline (negative: outside). Round corners: the distance to a
 * rounded rectangle; chamfers: the panel is convex, so the distance is the least over its edges' lines.
 */
export function depthInside(spec: PanelSpec, p: Vec2): number {
  const { width: w, height: h } = spec;
  const r = cornerSizeUsed(spec);
  if (spec.cornerStyle === 'round') {
    const qx = Math.abs(p.x - w / 2) - (w / 2 - r);
    const qy = Math.abs(p.y - h / 2) - (h / 2 - r);
    const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0);
    return r - outside;
  }
  // Distances to the nearest vertical and horizontal edge; the chamfer is the line dx + dy = r.
  const dx = w / 2 - Math.abs(p.x - w / 2);
  const dy = h / 2 - Math.abs(p.y - h / 2);
  return Math.min(dx, dy, (dx + dy - r) / Math.SQRT2);
}

function rectCorners(r: Rect): Vec2[] {
  return [
    { x: r.x, y: r.y },
    { x: r.x + r.width, y: r.y },
    { x: r.x + r.width, y: r.y + r.height },
    { x: r.x, y: r.y + r.height },
  ];
}

function rectsOverlap(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function circleHitsRect(c: Vec2, radius: number, r: Rect): boolean {
  const nx = Math.max(r.x, Math.min(c.x, r.x + r.width));
  const ny = Math.max(r.y, Math.min(c.y, r.y + r.height));
  return Math.hypot(c.x - nx, c.y - ny) < radius;
}

/** What stops the panel being drawn as asked, or an empty list. */
export function panelIssues(spec: PanelSpec): PanelIssue[] {
  const issues: PanelIssue[] = [];
  const holes = holeCentres(spec);
  const radius = spec.holeDiameter / 2;
  const slots = panelSlots(spec);
  // Holes and slots may not break through the outline (the panel is convex, so a slot is inside
  // when its corners are).
  if (holes.some((c) => depthInside(spec, c) < radius - 1e-9)) issues.push('holesOutside');
  if (holes.length > 0 && Math.min(spec.width, spec.height) - 2 * spec.holeInset < spec.holeDiameter) {
    issues.push('holesOverlap');
  }
  // Overlap first: slots crowded along an edge also run out past its ends, and fewer slots is the fix.
  if (slots.some((a, i) => slots.some((b, j) => j > i && rectsOverlap(a, b)))) issues.push('slotsOverlap');
  if (slots.some((s) => rectCorners(s).some((p) => depthInside(spec, p) < -1e-9))) issues.push('slotsOutside');
  if (holes.some((c) => slots.some((s) => circleHitsRect(c, radius, s)))) issues.push('holesHitSlots');
  return issues;
}
