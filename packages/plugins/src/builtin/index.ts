import type { BuiltinPlugin } from '../sdk.js';
import { plugin as barcode } from './barcode/index.js';
import { plugin as boxMaker } from './box-maker/index.js';
import { plugin as gear } from './gear/index.js';
import { plugin as livingHinge } from './living-hinge/index.js';
import { plugin as panel } from './panel/index.js';
import { plugin as qrCode } from './qr-code/index.js';
import { plugin as textCircle } from './text-circle/index.js';

/**
 * The plugins that ship with Kerf. Each is also bundled into an entry script of its own (see the
 * server's build) and runs in the sandbox like any other plugin; here they are plain functions, so
 * their geometry can be tested directly.
 */
export const BUILTIN_PLUGINS: readonly BuiltinPlugin[] = [
  boxMaker,
  livingHinge,
  gear,
  qrCode,
  barcode,
  textCircle,
  panel,
];

export const BUILTIN_PLUGIN_IDS: ReadonlySet<string> = new Set(BUILTIN_PLUGINS.map((p) => p.manifest.id));
