import { type Locale, type PluginManifest, type PluginParamValues, parameterValueIssue } from '@kerf/contract';
import { type KerfDocument, leafShapes, outlineTexts } from '@kerf/laser';
import { checkFragment, FragmentError, type PluginSelection } from '@kerf/plugins';
import type { SandboxContext } from '@kerf/plugins/sandbox';
import type { FontSource } from '../../design/model/actions/text-actions';
import { paramRunError, sandboxRunError } from './plugin-run-error';
import type { SandboxRunRequest } from './plugin-sandbox';

/**
 * One plugin run, from the caller's values to a drawing: the values are checked against the manifest,
 * the plugin runs in the sandbox (seeing the selection only when its manifest asks to read it), its
 * answer is checked as a document fragment, and text it answered is outlined in the editor's fonts.
 * Every failure is a PluginRunError with its message in both languages (or the signal's reason when
 * the caller aborted).
 */

export interface RunPluginRequest {
  code: string;
  manifest: PluginManifest;
  params: PluginParamValues;
  context: {
    locale: Locale;
    /** The work area the answer is drawn on, mm. */
    workArea: { width: number; height: number };
    /** Passed on only when the manifest asks for `selection:read`. */
    selection?: PluginSelection;
  };
  signal?: AbortSignal;
  /** A shorter time limit than PLUGIN_LIMITS.runMillis, ms. */
  timeoutMs?: number;
}

export interface PluginRunResult {
  document: KerfDocument;
  placement: 'document' | 'free';
}

export interface PluginRunnerParts {
  /** The sandbox to run in (shared: made on first use). */
  sandbox(): { run(request: SandboxRunRequest): Promise<unknown> };
  /** The fonts text answers are outlined in. */
  fonts: FontSource;
}

/**
 * The values a run gets: every parameter of the manifest, each as given when it suits the parameter
 * (a value that does not is refused with the parameter's name) or its default when left out. Keys the
 * manifest does not name are dropped.
 */
export function paramsForRun(manifest: PluginManifest, params: PluginParamValues): PluginParamValues {
  const values: PluginParamValues = {};
  for (const parameter of manifest.parameters) {
    if (!Object.hasOwn(params, parameter.key)) {
      values[parameter.key] = parameter.default;
      continue;
    }
    const value = params[parameter.key];
    const issue = parameterValueIssue(parameter, value);
    if (issue !== null) throw paramRunError(parameter, issue);
    values[parameter.key] = value as PluginParamValues[string];
  }
  return values;
}

/** What the plugin is told of where it runs; the selection only with the manifest's permission. */
export function contextForRun(manifest: PluginManifest, context: RunPluginRequest['context']): SandboxContext {
  const sandboxContext: SandboxContext = { locale: context.locale, workArea: context.workArea };
  if (manifest.permissions.includes('selection:read')) {
    sandboxContext.selection = context.selection ?? { shapes: [], bounds: null };
  }
  return sandboxContext;
}

export function createPluginRunner(parts: PluginRunnerParts) {
  return async function runPlugin(request: RunPluginRequest): Promise<PluginRunResult> {
    const { manifest, signal } = request;
    signal?.throwIfAborted();
    const params = paramsForRun(manifest, request.params);
    const answer = await parts.sandbox().run({
      code: request.code,
      params,
      context: contextForRun(manifest, request.context),
      limitMs: request.timeoutMs,
      signal,
    });
    let checked: ReturnType<typeof checkFragment>;
    try {
      checked = checkFragment(answer, request.context.workArea);
    } catch (error) {
      if (error instanceof FragmentError) throw sandboxRunError('invalid', error.message, 0);
      throw error;
    }
    if (checked.textCount > 0) await outlineAnsweredText(checked.document, parts.fonts);
    signal?.throwIfAborted();
    return { document: checked.document, placement: checked.placement };
  };
}

/** Draws the outline of every text shape the plugin left without one, in the fonts its characters need. */
async function outlineAnsweredText(document: KerfDocument, fonts: FontSource): Promise<void> {
  const texts: string[] = [];
  for (const { shape } of leafShapes(document.shapes)) {
    if (shape.kind === 'text' && shape.outline.length === 0) texts.push(shape.text);
  }
  if (texts.length === 0) return;
  let book: Awaited<ReturnType<FontSource>>;
  try {
    book = await fonts(texts.join('\n'));
  } catch (error) {
    throw sandboxRunError('failed', `the fonts for its text could not be loaded (${(error as Error).message})`, 0);
  }
  outlineTexts(document, book);
}
