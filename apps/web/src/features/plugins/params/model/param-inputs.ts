import {
  defaultParams,
  type PluginParameter,
  type PluginParamValue,
  type PluginParamValues,
  parameterValueIssue,
  parameterVisible,
} from '@kerf/contract';

/**
 * The parameters form as a model: what each field holds while a person types, why a value does not
 * suit its parameter, and the values a run gets. A number field may be empty for a moment (null); a
 * hidden parameter (its `when` not met) keeps its value but is never what stops a run.
 */

export type ParamInput = PluginParamValue | null;
export type ParamInputs = Readonly<Record<string, ParamInput>>;

/** Why a field's value does not do; the form words it in the reader's language. */
export type ParamProblem =
  | { kind: 'required' }
  | { kind: 'notWhole' }
  | { kind: 'belowMin'; min: number }
  | { kind: 'aboveMax'; max: number }
  | { kind: 'tooLong'; maxLength: number }
  | { kind: 'notOption' };

/**
 * The fields' first values: each parameter's default, or a value kept from before (the last run of
 * this plugin) when it still suits the parameter — a plugin's newer version may have narrowed a range.
 */
export function initialInputs(
  parameters: readonly PluginParameter[],
  kept: Readonly<Record<string, unknown>> = {},
): Record<string, ParamInput> {
  const inputs: Record<string, ParamInput> = defaultParams(parameters);
  for (const p of parameters) {
    const value = kept[p.key];
    if (Object.hasOwn(kept, p.key) && parameterValueIssue(p, value) === null) inputs[p.key] = value as PluginParamValue;
  }
  return inputs;
}

/** What is wrong with a field's value, or null when the parameter takes it. */
export function paramProblem(p: PluginParameter, input: ParamInput | undefined): ParamProblem | null {
  switch (p.type) {
    case 'number':
    case 'integer': {
      if (typeof input !== 'number' || !Number.isFinite(input)) return { kind: 'required' };
      if (p.type === 'integer' && !Number.isInteger(input)) return { kind: 'notWhole' };
      if (p.min !== undefined && input < p.min) return { kind: 'belowMin', min: p.min };
      if (p.max !== undefined && input > p.max) return { kind: 'aboveMax', max: p.max };
      return null;
    }
    case 'boolean':
      return typeof input === 'boolean' ? null : { kind: 'required' };
    case 'select':
      return p.options.some((o) => o.value === input) ? null : { kind: 'notOption' };
    case 'text':
      if (typeof input !== 'string') return { kind: 'required' };
      return input.length > p.maxLength ? { kind: 'tooLong', maxLength: p.maxLength } : null;
  }
}

/** The parameters shown with the current values, in the manifest's order. */
export function visibleParameters(parameters: readonly PluginParameter[], inputs: ParamInputs): PluginParameter[] {
  const values = inputs as PluginParamValues;
  return parameters.filter((p) => parameterVisible(p, values));
}

export type ParamCheck =
  | { ok: true; values: PluginParamValues }
  | { ok: false; problems: Record<string, ParamProblem>; first: PluginParameter };

/**
 * The values for a run, or the problems of the shown fields. A hidden field whose value does not do
 * (typed, then hidden by another choice) runs with its default: the person cannot see it to fix it.
 */
export function checkInputs(parameters: readonly PluginParameter[], inputs: ParamInputs): ParamCheck {
  const shown = new Set(visibleParameters(parameters, inputs).map((p) => p.key));
  const values: PluginParamValues = {};
  const problems: Record<string, ParamProblem> = {};
  let first: PluginParameter | null = null;
  for (const p of parameters) {
    const input = inputs[p.key];
    const problem = paramProblem(p, input);
    if (!problem) {
      values[p.key] = input as PluginParamValue;
    } else if (shown.has(p.key)) {
      problems[p.key] = problem;
      first ??= p;
    } else {
      values[p.key] = p.default;
    }
  }
  return first ? { ok: false, problems, first } : { ok: true, values };
}

/** Whether the fields hold each parameter's default (the reset button is then of no use). */
export function atDefaults(parameters: readonly PluginParameter[], inputs: ParamInputs): boolean {
  return parameters.every((p) => inputs[p.key] === p.default);
}
