export { type ContainerGraph, containerGraph, type Ring } from './containment.js';
export {
  checkFinite,
  measureTravel,
  type OpEnds,
  opEnds,
  overscanOf,
  overscanPoints,
  pathEnds,
  rasterEnds,
} from './geometry.js';
export { type OptimiseOptions, type OptimiseResult, optimiseJob } from './optimise.js';
