/**
 * Limits of plugin packages and runs. A file of its own, without zod, so a plugin bundle that needs a
 * limit does not carry the schemas with it.
 */
export const PLUGIN_LIMITS = {
  /** A whole package (zip) as uploaded. */
  packageMaxBytes: 2 * 1024 * 1024,
  /** The entry script. */
  entryMaxBytes: 1024 * 1024,
  iconMaxBytes: 256 * 1024,
  manifestMaxBytes: 64 * 1024,
  parametersMax: 40,
  /** A run may take this long before the sandbox stops it. */
  runMillis: 10_000,
  /** An answer (as JSON text) may be this large. */
  answerMaxBytes: 16 * 1024 * 1024,
  /** Shapes in one answer, groups' children included. */
  shapesMax: 20_000,
  /** Path segments and polygon points in one answer. */
  pointsMax: 1_000_000,
  /** Calls to the host (measuring text…) one run may make. */
  hostCallsMax: 1_000,
} as const;
