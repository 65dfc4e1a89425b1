import type { PluginManifest } from '@kerf/contract';
import { useParamInputs } from '../../params/hooks/use-param-inputs';
import { type PluginRunContext, useLivePluginRun } from './use-live-plugin-run';

/** One plugin being set up and previewed: its parameters form and its live run, side by side. */
export function usePluginSession(source: { code: string; manifest: PluginManifest }, context: PluginRunContext) {
  const params = useParamInputs(source.manifest);
  const run = useLivePluginRun(source, params.check.ok ? params.check.values : null, context);
  return { manifest: source.manifest, context, params, run };
}

export type PluginSession = ReturnType<typeof usePluginSession>;
