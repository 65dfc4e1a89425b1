import { type Bilingual, type PluginParameter, pluginMessages } from '@kerf/contract';
import type { SandboxErrorKind } from '@kerf/plugins/sandbox';

/**
 * Why a plugin run gave no drawing, in words for people: `message` in both languages (callers show
 * `message[locale]`), `kind` for code that tells the cases apart, `detail` the technical reason
 * (English, for logs; a plugin's own message is also in `message`).
 *
 * Not an Error subclass: an Error's `message` is a single string, and this one speaks two languages.
 */
export type PluginRunErrorKind = SandboxErrorKind | 'paramInvalid';

export class PluginRunError {
  readonly name = 'PluginRunError';

  constructor(
    readonly kind: PluginRunErrorKind,
    readonly message: Bilingual,
    readonly detail = '',
  ) {}

  toString(): string {
    return `${this.name}: ${this.message.en}`;
  }
}

const fill = (message: Bilingual, value: Bilingual | string): Bilingual => {
  const arg = (locale: keyof Bilingual) => (typeof value === 'string' ? value : value[locale]);
  // a function, so a `$&` in a plugin's message is not read as a replacement pattern
  return {
    'zh-CN': message['zh-CN'].replace('{0}', () => arg('zh-CN')),
    en: message.en.replace('{0}', () => arg('en')),
  };
};

/** Seconds as people read them: 10, 2.5. */
const seconds = (ms: number) => String(Math.round(ms / 100) / 10);

/** The error for a sandbox's report; `limitMs` is the run's time limit (what a timeout passed). */
export function sandboxRunError(kind: SandboxErrorKind, detail: string, limitMs: number): PluginRunError {
  switch (kind) {
    case 'timeout':
      return new PluginRunError(kind, fill(pluginMessages.runTimeout, seconds(limitMs)), detail);
    case 'tooLarge':
      return new PluginRunError(kind, pluginMessages.answerTooLarge, detail);
    case 'flood':
      return new PluginRunError(kind, pluginMessages.floodStopped, detail);
    case 'invalid':
      return new PluginRunError(kind, fill(pluginMessages.answerInvalid, detail), detail);
    case 'failed':
      return new PluginRunError(kind, fill(pluginMessages.pluginFailed, detail), detail);
  }
}

export function paramRunError(parameter: PluginParameter, issue: string): PluginRunError {
  return new PluginRunError(
    'paramInvalid',
    fill(pluginMessages.paramInvalid, parameter.label),
    `${parameter.key}: ${issue}`,
  );
}
