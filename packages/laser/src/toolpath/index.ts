export { type ArrayCopy, type ArraySettings, arrayCopies, moveOp, validateArray } from './array.js';
export {
  type HatchGroup,
  type HatchLine,
  type HatchOptions,
  hatchGroups,
  hatchRings,
  validateFillSettings,
  type WindingRule,
} from './hatch.js';
export { MAX_ARRAY_COPIES, MAX_HATCH_LINES, MAX_HATCH_SEGMENTS, MAX_PASSES } from './messages.js';
export { defaultRaster, type PlacedBitmap, type PlanOptions, planJob, type RasterFunction } from './plan.js';
export { cleanPoints, distanceToSegment, isDegenerate, simplifyPolyline } from './simplify.js';
