import type { BuiltinPlugin } from '../sdk.js';

/**
 * The plugins that ship with Kerf. Each is also bundled into an entry script of its own (see the
 * server's build) and runs in the sandbox like any other plugin; here they are plain functions, so
 * their geometry can be tested directly.
 */
export const BUILTIN_PLUGINS: readonly BuiltinPlugin[] = [];

export const BUILTIN_PLUGIN_IDS: ReadonlySet<string> = new Set(BUILTIN_PLUGINS.map((p) => p.manifest.id));
