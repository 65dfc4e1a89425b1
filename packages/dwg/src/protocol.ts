import { type Bilingual, FormatError, TooLargeError } from '@kerf/laser';

/**
 * What the CLI writes on stdout when it fails, and how the parent turns it back into an exception.
 * Exit code 2: the input is at fault (FormatError, TooLargeError); exit code 1: the converter is.
 */

export const EXIT_BAD_INPUT = 2;
export const EXIT_INTERNAL = 1;

/** Prefix of an internal failure (not the user's fault, so not 格式错误). */
const CONVERTER_FAILED: Bilingual = { 'zh-CN': 'DWG 转换失败', en: 'DWG conversion failed' };

export interface CliErrorBody {
  kind: 'format' | 'too-large' | 'internal';
  format: string;
  reason: string;
  'zh-CN': string;
  en: string;
  /** Bytes, for `too-large`. */
  size?: number;
}

export interface CliError {
  error: CliErrorBody;
}

/** The error JSON for an exception, and the exit code that goes with it. */
export function describeError(error: unknown): { body: CliError; exitCode: number } {
  if (error instanceof FormatError) {
    const { format, reason, text } = error;
    return { body: { error: { kind: 'format', format, reason, ...text } }, exitCode: EXIT_BAD_INPUT };
  }
  if (error instanceof TooLargeError) {
    const body: CliErrorBody = { kind: 'too-large', format: 'dwg', reason: error.text.en, ...error.text };
    body.size = error.size;
    return { body: { error: body }, exitCode: EXIT_BAD_INPUT };
  }
  const reason = error instanceof Error ? error.message : String(error);
  return {
    body: {
      error: {
        kind: 'internal',
        format: 'dwg',
        reason,
        'zh-CN': `${CONVERTER_FAILED['zh-CN']}：${reason}`,
        en: `${CONVERTER_FAILED.en}: ${reason}`,
      },
    },
    exitCode: EXIT_INTERNAL,
  };
}

/** The exception an error JSON stands for (an internal error becomes a plain Error). */
export function errorFromBody(body: CliErrorBody): Error {
  if (body.kind === 'too-large') return new TooLargeError(body.size ?? 0);
  if (body.kind === 'format') return new FormatError(body.format || 'dwg', body.reason);
  return new Error(`DWG converter failed: ${body.reason}`);
}

/** Reads an error JSON out of the child's stdout; undefined when it is not one. */
export function parseErrorBody(text: string): CliErrorBody | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<CliError> | null;
    const body = parsed?.error;
    return body && typeof body.reason === 'string' && typeof body.kind === 'string' ? body : undefined;
  } catch {
    return undefined;
  }
}
