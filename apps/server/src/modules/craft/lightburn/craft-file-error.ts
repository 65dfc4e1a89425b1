import { type CraftMessageKey, craftIssueText, craftMessages, format } from '@kerf/contract';

/**
 * A library file refused on import. It carries the message key and its arguments rather than words, so
 * the route can answer in the reader's language (a string argument may itself be a craft rule's key,
 * `@craft.speedRange`); `message` is the English text, for logs.
 */
export class CraftFileError extends Error {
  constructor(
    readonly key: CraftMessageKey,
    readonly args: (string | number)[] = [],
  ) {
    const english = args.map((arg) => (typeof arg === 'string' ? craftIssueText(arg, 'en') : arg));
    super(format(craftMessages[key].en, ...english));
    this.name = 'CraftFileError';
  }
}
