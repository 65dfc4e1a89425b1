import type { Locale, PluginParamValues } from '@kerf/contract';
import type { FontSpec } from '@kerf/laser';
import type { PluginSelection } from '../sdk.js';

/**
 * The messages of the plugin sandbox. Three parties, each trusting the one above it only:
 *
 *   host page (the app's origin) ⇄ sandbox iframe (opaque origin, `GET /cloud-api/plugins/sandbox`)
 *                                    ⇄ one Worker per run (the plugin's code)
 *
 * The host and the iframe speak `postMessage` across the frame boundary; the iframe starts a fresh
 * worker for each run and ends it when the run answers, fails or passes its time. The iframe's script
 * and the worker's bootstrap are plain JavaScript text (see frame-bootstrap.ts and
 * worker-bootstrap.ts); these types are what they send, as the host sees it.
 */

export type SandboxErrorKind = 'timeout' | 'tooLarge' | 'flood' | 'invalid' | 'failed';
export const SANDBOX_ERROR_KINDS: readonly SandboxErrorKind[] = ['timeout', 'tooLarge', 'flood', 'invalid', 'failed'];

/** What a run's plugin learns of where it runs: the plugin context without its functions. */
export interface SandboxContext {
  locale: Locale;
  workArea: { width: number; height: number };
  selection?: PluginSelection;
}

/** Host calls a plugin may make through its context, by name. */
export type HostMethod = 'measureText';

/** An error's detail (a plugin's own message) is cut to this many characters. */
export const ERROR_DETAIL_MAX = 500;
/** The longest text one `measureText` call may measure, in characters (UTF-16 units). */
export const MEASURE_TEXT_MAX = 10_000;
/** The longest font family name a host call may carry. */
export const FONT_FAMILY_MAX = 200;

// ---- host → iframe ----

export interface RunRequest {
  type: 'run';
  runId: string;
  /** The plugin's entry script. */
  code: string;
  params: PluginParamValues;
  context: SandboxContext;
  /** A shorter time limit than PLUGIN_LIMITS.runMillis, ms (tests); a longer one is not taken. */
  limitMs?: number;
}

/** Ends a run nobody waits for any more (its worker is terminated; nothing is answered). */
export interface CancelRequest {
  type: 'cancel';
  runId: string;
}

export type HostReply =
  | { type: 'hostReply'; runId: string; callId: number; ok: true; value: unknown }
  | { type: 'hostReply'; runId: string; callId: number; ok: false; error: string };

export type HostToFrame = RunRequest | CancelRequest | HostReply;

// ---- iframe → host ----

export interface FrameReady {
  type: 'ready';
}

/** A run's answer as the JSON text the worker measured; the host reads it with JSON.parse. */
export interface RunAnswer {
  type: 'answer';
  runId: string;
  json: string;
}

export interface RunFailure {
  type: 'error';
  runId: string;
  kind: SandboxErrorKind;
  /** `timeout`: the limit in ms; `flood`: the number of calls allowed; otherwise a reason in English. */
  detail: string;
}

export interface HostCall {
  type: 'hostCall';
  runId: string;
  callId: number;
  method: HostMethod;
  args: [text: string, font: FontSpec];
}

export type FrameToHost = FrameReady | RunAnswer | RunFailure | HostCall;

// ---- iframe ⇄ worker (no runId: one worker, one run) ----

export interface WorkerRun {
  type: 'run';
  params: PluginParamValues;
  context: SandboxContext;
  limits: { answerMaxBytes: number };
}

export type FrameToWorker = WorkerRun | Omit<HostReply, 'runId'>;

export type WorkerToFrame =
  | { type: 'answer'; json: string }
  | { type: 'error'; kind: Exclude<SandboxErrorKind, 'timeout' | 'flood'>; detail: string }
  | Omit<HostCall, 'runId'>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Reads a message from the sandbox iframe; null for anything that is not one of ours. */
export function readFrameMessage(data: unknown): FrameToHost | null {
  if (!isObject(data)) return null;
  switch (data.type) {
    case 'ready':
      return { type: 'ready' };
    case 'answer':
      return typeof data.runId === 'string' && typeof data.json === 'string'
        ? { type: 'answer', runId: data.runId, json: data.json }
        : null;
    case 'error':
      if (typeof data.runId !== 'string' || !SANDBOX_ERROR_KINDS.includes(data.kind as SandboxErrorKind)) return null;
      return {
        type: 'error',
        runId: data.runId,
        kind: data.kind as SandboxErrorKind,
        detail: typeof data.detail === 'string' ? data.detail.slice(0, ERROR_DETAIL_MAX + 1) : '',
      };
    case 'hostCall':
      if (typeof data.runId !== 'string' || typeof data.callId !== 'number' || data.method !== 'measureText')
        return null;
      if (!Array.isArray(data.args)) return null;
      return {
        type: 'hostCall',
        runId: data.runId,
        callId: data.callId,
        method: 'measureText',
        args: data.args as HostCall['args'],
      };
    default:
      return null;
  }
}

/**
 * `measureText`'s arguments as the host measures them (weight 400 and normal style when left out), or
 * why they cannot be measured (English, the plugin's promise rejects with it).
 */
export function readMeasureTextArgs(args: readonly unknown[]): { text: string; font: FontSpec } | string {
  const [text, font] = args;
  if (typeof text !== 'string') return 'measureText(text, font): text must be a string';
  if (text.length > MEASURE_TEXT_MAX) return `measureText measures at most ${MEASURE_TEXT_MAX} characters`;
  if (!isObject(font)) return 'measureText(text, font): font must be { family, size, weight?, style? }';
  const { family, size, weight = 400, style = 'normal' } = font;
  if (typeof family !== 'string' || family.length > FONT_FAMILY_MAX) return 'font.family must be a font name';
  if (typeof size !== 'number' || !(size > 0 && size <= 10_000)) return 'font.size must be above 0 (mm)';
  if (typeof weight !== 'number' || !(weight >= 1 && weight <= 1000)) return 'font.weight must be 1 to 1000';
  if (style !== 'normal' && style !== 'italic') return 'font.style must be normal or italic';
  return { text, font: { family, size, weight, style } };
}
