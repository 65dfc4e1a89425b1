/** Limits that keep the planner's output within memory. */

/** Most scan lines one hatch angle may have (a 400 mm part at 0.0004 mm). */
export const MAX_HATCH_LINES = 1_000_000;

/** Most burnt hatch segments one fill may produce (beyond that the job would not fit in memory). */
export const MAX_HATCH_SEGMENTS = 4_000_000;

/** Most copies an array may make. */
export const MAX_ARRAY_COPIES = 10_000;

/** Most passes of one layer. */
export const MAX_PASSES = 1000;
