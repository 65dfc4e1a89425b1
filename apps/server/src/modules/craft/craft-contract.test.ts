import { CRAFT_DITHERS, type CRAFT_LASER_TYPES, type CRAFT_MODES } from '@kerf/contract';
import { DITHER_METHODS, type LaserType, type LayerMode } from '@kerf/laser';
import { describe, expect, expectTypeOf, it } from 'vitest';

/**
 * The contract depends on nothing, so it names the laser core's choices again; a craft applied to a
 * layer must mean the same thing there, so the two lists may not drift apart.
 */
describe('craft settings speak the laser core', () => {
  it('offers exactly the laser core dither methods, modes and laser types', () => {
    expect([...CRAFT_DITHERS]).toEqual([...DITHER_METHODS]);
    // Checked by the type checker: the same unions, not merely overlapping ones.
    expectTypeOf<(typeof CRAFT_MODES)[number]>().toEqualTypeOf<LayerMode>();
    expectTypeOf<(typeof CRAFT_LASER_TYPES)[number]>().toEqualTypeOf<LaserType>();
  });
});
