import { pageFonts } from '../../design/text/font-library';
import { measureTextWith } from './measure-text';
import { PluginSandbox } from './plugin-sandbox';
import { createPluginRunner } from './run-plugin';

export { advanceWidths, measureTextWith } from './measure-text';
export { PluginRunError, type PluginRunErrorKind } from './plugin-run-error';
export { type HostCalls, PluginSandbox, type PluginSandboxOptions, type SandboxRunRequest } from './plugin-sandbox';
export {
  contextForRun,
  createPluginRunner,
  type PluginRunResult,
  paramsForRun,
  type RunPluginRequest,
} from './run-plugin';
export { iframeSandbox, SANDBOX_URL, type SandboxFrame, type SandboxFrameFactory } from './sandbox-frame';

let shared: PluginSandbox | null = null;

/** The page's one sandbox iframe, made on the first run and kept for the page's life. */
export function sharedPluginSandbox(): PluginSandbox {
  shared ??= new PluginSandbox({ hostCalls: { measureText: measureTextWith(pageFonts) } });
  return shared;
}

/** Runs a plugin in the page's sandbox, with the editor's fonts (see createPluginRunner). */
export const runPlugin = createPluginRunner({ sandbox: sharedPluginSandbox, fonts: pageFonts });
