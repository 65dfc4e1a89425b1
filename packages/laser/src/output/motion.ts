/**
 * The motion model the time estimates and the explicit corner power share (see stats.ts): trapezoid
 * speed profiles, and GRBL's junction-deviation rule for the speed through a corner.
 */

/** GRBL's default junction deviation ($11), mm. */
export const JUNCTION_DEVIATION = 0.01;

/** Seconds to cover `length` mm with a trapezoid profile from speed `vi` to `vo` (mm/s), cruising at most at `v`. */
export function moveTime(length: number, v: number, vi: number, vo: number, a: number): number {
  if (length <= 0) return 0;
  const vin = Math.min(vi, v);
  const vout = Math.min(vo, v);
  const accelDist = (v * v - vin * vin) / (2 * a);
  const decelDist = (v * v - vout * vout) / (2 * a);
  if (accelDist + decelDist <= length) {
    return (v - vin) / a + (v - vout) / a + (length - accelDist - decelDist) / v;
  }
  const peak = Math.sqrt(a * length + (vin * vin + vout * vout) / 2);
  if (peak >= Math.max(vin, vout)) return (peak - vin) / a + (peak - vout) / a;
  return (2 * length) / (vin + vout);
}

/** Highest speed through a corner between unit directions whose dot product is `dot` (GRBL's rule). */
export function junctionSpeed(dot: number, a: number): number {
  const sinHalf = Math.sqrt(Math.max(0, (1 + dot) / 2));
  if (sinHalf >= 0.999999) return Number.POSITIVE_INFINITY;
  return Math.sqrt((a * JUNCTION_DEVIATION * sinHalf) / (1 - sinHalf));
}
