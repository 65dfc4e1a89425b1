import type { Locale, PluginManifest, PluginParamValues } from '@kerf/contract';
import type { KerfDocument } from '@kerf/laser';
import type { PluginSelection } from '@kerf/plugins';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { runPlugin } from '../../runtime';
import { LiveRunner } from '../model/live-runner';

/** A run's answer: a checked document, and whether the host places it. */
export interface PluginAnswer {
  document: KerfDocument;
  placement: 'document' | 'free';
}

export interface PluginRunContext {
  locale: Locale;
  workArea: { width: number; height: number };
  /** Given to plugins whose manifest asks for `selection:read`. */
  selection?: PluginSelection;
}

export interface RunInput {
  values: PluginParamValues;
  context: PluginRunContext;
}

/** The pause after the last change before the preview runs again, ms. */
export const LIVE_RUN_DELAY_MS = 350;

/**
 * A live preview of one plugin: runs it in the sandbox as soon as it is shown, again a moment after
 * the values change (`null` values: a field does not do, nothing runs), and on demand for an action
 * that needs the answer for exactly the values shown (`runNow`).
 */
export function useLivePluginRun(
  source: { code: string; manifest: PluginManifest },
  values: PluginParamValues | null,
  context: PluginRunContext,
) {
  const runOnce = useCallback(
    (input: RunInput, signal?: AbortSignal): Promise<PluginAnswer> =>
      runPlugin({ code: source.code, manifest: source.manifest, params: input.values, context: input.context, signal }),
    [source],
  );
  const [runner] = useState(() => new LiveRunner<RunInput, PluginAnswer>(runOnce, LIVE_RUN_DELAY_MS));
  const state = useSyncExternalStore(
    useCallback((listener: () => void) => runner.subscribe(listener), [runner]),
    () => runner.state,
  );
  useEffect(() => () => runner.dispose(), [runner]);

  const started = useRef(false);
  useEffect(() => {
    runner.request(values ? { values, context } : null, !started.current);
    started.current = true;
  }, [runner, values, context]);

  /** The answer for the values shown: the preview's when it is theirs, else a run of its own. */
  const runNow = useCallback(async (): Promise<PluginAnswer | null> => {
    if (!values) return null;
    const shown = runner.state;
    if (shown.status === 'done' && shown.resultFor?.values === values && shown.resultFor.context === context) {
      return shown.result;
    }
    return runOnce({ values, context });
  }, [runner, runOnce, values, context]);

  return { state, runNow };
}
