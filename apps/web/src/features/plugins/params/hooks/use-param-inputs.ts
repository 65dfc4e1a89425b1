import type { PluginManifest } from '@kerf/contract';
import { useCallback, useMemo, useState } from 'react';
import { atDefaults, checkInputs, initialInputs, type ParamInput, type ParamInputs } from '../model/param-inputs';

/**
 * The last values each plugin ran with in this page's life, so reopening a plugin's dialog starts
 * where the person left it (not saved: a reload starts from the defaults).
 */
const keptInputs = new Map<string, ParamInputs>();

/**
 * The parameters form's state for one plugin: its fields, their check, a change and a reset. The
 * component using it is keyed by the plugin and version, so another plugin starts afresh.
 */
export function useParamInputs(manifest: PluginManifest) {
  const { parameters } = manifest;
  const [state, setState] = useState(() => ({
    manifest,
    inputs: initialInputs(parameters, keptInputs.get(manifest.id)) as ParamInputs,
  }));
  const { inputs } = state;

  const change = useCallback(
    (key: string, value: ParamInput) =>
      setState((s) => {
        const next = { ...s.inputs, [key]: value };
        keptInputs.set(s.manifest.id, next);
        return { ...s, inputs: next };
      }),
    [],
  );
  const reset = useCallback(
    () =>
      setState((s) => {
        keptInputs.delete(s.manifest.id);
        return { ...s, inputs: initialInputs(s.manifest.parameters) };
      }),
    [],
  );
  const check = useMemo(() => checkInputs(parameters, inputs), [parameters, inputs]);
  return { inputs, change, reset, check, changed: !atDefaults(parameters, inputs) };
}
