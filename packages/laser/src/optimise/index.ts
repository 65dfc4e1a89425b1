export { type ContainerGraph, containerGraph, pointInRing, type Ring } from './containment.js';
export {
  checkFinite,
  measureTravel,
  type OpEnds,
  opEnds,
  overscanOf,
  overscanPoints,
  pathEnds,
  rasterEnds,
  ringArea,
} from './geometry.js';
export { type OptimiseOptions, type OptimiseResult, optimiseJob } from './optimise.js';
