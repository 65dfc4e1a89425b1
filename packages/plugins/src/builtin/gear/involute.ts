import type { Segment, SubPath, Vec2 } from '@kerf/laser';

/**
 * An involute spur gear's outline (ISO 53 proportions): addendum one module, dedendum 1.25 modules.
 * Each flank is the involute of the base circle from where it starts (the base or the root circle,
 * whichever is larger) up to the tip, sampled finely; below the base circle the flank runs straight
 * towards the centre, and a fillet rounds it into the root circle. Arcs (tip, root, fillets) stay
 * exact arcs. Angles are radians, measured as atan2 measures them in document coordinates.
 */

export interface GearSpec {
  /** mm. */
  module: number;
  teeth: number;
  /** Degrees. */
  pressureAngle: number;
  /** Each tooth is this much thinner along the pitch circle than half the circular pitch, mm. */
  backlash: number;
  /** Straight pieces per involute flank. */
  flankSegments: number;
  rootFillet: boolean;
}

export interface GearCircles {
  pitchRadius: number;
  baseRadius: number;
  tipRadius: number;
  rootRadius: number;
}

export function gearCircles(spec: GearSpec): GearCircles {
  const pitchRadius = (spec.module * spec.teeth) / 2;
  return {
    pitchRadius,
    baseRadius: pitchRadius * Math.cos(toRadians(spec.pressureAngle)),
    tipRadius: pitchRadius + spec.module,
    rootRadius: pitchRadius - 1.25 * spec.module,
  };
}

export const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** The involute function: how far the involute has turned by the time its pressure angle is `angle`. */
export const involute = (angle: number) => Math.tan(angle) - angle;

/** Why a spec cannot make a gear, or null. */
export type GearProblem = 'pointedTeeth' | null;

export interface GearProfile {
  circles: GearCircles;
  /** Half the angle a tooth spans at radius r (r ≥ the flank's start). */
  halfAngleAt(r: number): number;
  /** Where the involute part of the flank starts. */
  flankStartRadius: number;
  problem: GearProblem;
}

export function gearProfile(spec: GearSpec): GearProfile {
  const circles = gearCircles(spec);
  const { pitchRadius, baseRadius, tipRadius, rootRadius } = circles;
  const alpha = toRadians(spec.pressureAngle);
  const halfAtPitch = (Math.PI * spec.module) / 2 - spec.backlash;
  const psiPitch = halfAtPitch / 2 / pitchRadius;
  const halfAngleAt = (r: number) => psiPitch + involute(alpha) - involute(Math.acos(Math.min(1, baseRadius / r)));
  return {
    circles,
    halfAngleAt,
    flankStartRadius: Math.max(baseRadius, rootRadius),
    problem: halfAtPitch <= 0 || halfAngleAt(tipRadius) <= 0 ? 'pointedTeeth' : null,
  };
}

/** Roll parameter of the involute at radius r: r = rb·√(1 + t²), and the involute turns t − atan t. */
const rollAt = (r: number, baseRadius: number) => Math.sqrt(Math.max(0, (r / baseRadius) ** 2 - 1));

const polar = (centre: Vec2, r: number, angle: number): Vec2 => ({
  x: centre.x + r * Math.cos(angle),
  y: centre.y + r * Math.sin(angle),
});

/** An arc of less than half a turn from `from` to `to` about `centre`. */
function arcTo(from: Vec2, to: Vec2, centre: Vec2, radius: number): Segment {
  const cross = (from.x - centre.x) * (to.y - centre.y) - (from.y - centre.y) * (to.x - centre.x);
  return { type: 'arc', rx: radius, ry: radius, rotation: 0, largeArc: false, sweep: cross > 0, to };
}

interface RootFillet {
  radius: number;
  /** Angle between the straight flank and the fillet's centre, seen from the gear's centre. */
  offset: number;
  /** Where the fillet meets the straight flank, as a radius. */
  flankRadius: number;
}

/**
 * The fillet between the straight part of a flank and the root circle: the rack cutter's usual 0.38
 * modules, smaller where the gap or the straight part is too short for it.
 */
function rootFillet(spec: GearSpec, profile: GearProfile, rootHalfAngle: number): RootFillet | null {
  const { baseRadius, rootRadius } = profile.circles;
  if (!spec.rootFillet || rootRadius <= 0 || rootRadius >= baseRadius) return null;
  const gapHalf = Math.PI / spec.teeth - rootHalfAngle;
  const sinGap = Math.sin(Math.min(gapHalf, Math.PI / 2 - 1e-6));
  const radius = Math.min(
    0.38 * spec.module,
    (rootRadius * sinGap) / (1 - sinGap),
    (baseRadius ** 2 - rootRadius ** 2) / (2 * rootRadius),
  );
  if (!(radius > 1e-6)) return null;
  return {
    radius,
    offset: Math.asin(radius / (rootRadius + radius)),
    flankRadius: Math.sqrt((rootRadius + radius) ** 2 - radius ** 2),
  };
}

/**
 * The gear's outline about `centre`, one closed sub-path; the first tooth points up (−y). Returns
 * null when the spec gives pointed teeth (too much backlash for the module).
 */
export function gearOutline(spec: GearSpec, centre: Vec2): SubPath | null {
  const profile = gearProfile(spec);
  if (profile.problem) return null;
  const { baseRadius, tipRadius, rootRadius } = profile.circles;
  const flankStart = profile.flankStartRadius;
  const rootHalf = profile.halfAngleAt(flankStart);
  const fillet = rootFillet(spec, profile, rootHalf);
  const filletOffset = fillet?.offset ?? 0;
  const tStart = rollAt(flankStart, baseRadius);
  const tEnd = rollAt(tipRadius, baseRadius);
  const segments = Math.max(1, Math.round(spec.flankSegments));
  // The involute flank, from its foot to the tip: [radius, half angle] pairs.
  const flank: [number, number][] = [];
  for (let i = 0; i <= segments; i++) {
    const t = tStart + ((tEnd - tStart) * i) / segments;
    const r = i === segments ? tipRadius : baseRadius * Math.sqrt(1 + t * t);
    flank.push([r, profile.halfAngleAt(r)]);
  }
  const pitchAngle = (2 * Math.PI) / spec.teeth;
  const toothAngle = (k: number) => -Math.PI / 2 + k * pitchAngle;
  // Below the base circle there is no involute: the flank runs straight towards the centre.
  const straightFoot = fillet?.flankRadius ?? rootRadius;
  const hasStraight = baseRadius - straightFoot > 1e-9;
  const start = polar(centre, rootRadius, toothAngle(0) - rootHalf - filletOffset);
  const out: Segment[] = [];
  let at = start;
  const push = (segment: Segment) => {
    out.push(segment);
    at = segment.to;
  };
  const lineTo = (to: Vec2) => push({ type: 'line', to });
  for (let k = 0; k < spec.teeth; k++) {
    const c = toothAngle(k);
    // Rising flank (the tooth's lower-angle side): fillet, straight foot, involute.
    if (fillet) {
      const filletCentre = polar(centre, rootRadius + fillet.radius, c - rootHalf - fillet.offset);
      push(arcTo(at, polar(centre, fillet.flankRadius, c - rootHalf), filletCentre, fillet.radius));
    }
    if (hasStraight) lineTo(polar(centre, baseRadius, c - rootHalf));
    for (let i = 1; i < flank.length; i++) {
      const [r, half] = flank[i]!;
      lineTo(polar(centre, r, c - half));
    }
    const tipHalf = flank[flank.length - 1]![1];
    push(arcTo(at, polar(centre, tipRadius, c + tipHalf), centre, tipRadius));
    // Falling flank, mirrored.
    for (let i = flank.length - 2; i >= 0; i--) {
      const [r, half] = flank[i]!;
      lineTo(polar(centre, r, c + half));
    }
    if (hasStraight) lineTo(polar(centre, straightFoot, c + rootHalf));
    if (fillet) {
      const filletCentre = polar(centre, rootRadius + fillet.radius, c + rootHalf + fillet.offset);
      push(arcTo(at, polar(centre, rootRadius, c + rootHalf + fillet.offset), filletCentre, fillet.radius));
    }
    // Root, to the next tooth's foot (the last closes onto the start point itself).
    const next = k === spec.teeth - 1 ? start : polar(centre, rootRadius, toothAngle(k + 1) - rootHalf - filletOffset);
    if (Math.hypot(next.x - at.x, next.y - at.y) > 1e-9) push(arcTo(at, next, centre, rootRadius));
    else out[out.length - 1] = { ...out[out.length - 1]!, to: next };
  }
  return { start, segments: out, closed: true };
}

/**
 * A bore with a keyway, about `centre`: a circle notched upwards (towards the first tooth),
 * `keywayWidth` wide and reaching half its width beyond the circle. (A plain bore is an ellipse shape.)
 */
export function keyedBoreOutline(diameter: number, keywayWidth: number, centre: Vec2): SubPath {
  const r = diameter / 2;
  const half = keywayWidth / 2;
  const shoulder = Math.sqrt(r * r - half * half);
  const leftShoulder = { x: centre.x - half, y: centre.y - shoulder };
  const rightShoulder = { x: centre.x + half, y: centre.y - shoulder };
  const bottom = { x: centre.x, y: centre.y + r };
  const top = centre.y - r - half;
  return {
    start: leftShoulder,
    segments: [
      arcTo(leftShoulder, bottom, centre, r),
      arcTo(bottom, rightShoulder, centre, r),
      { type: 'line', to: { x: centre.x + half, y: top } },
      { type: 'line', to: { x: centre.x - half, y: top } },
    ],
    closed: true,
  };
}
