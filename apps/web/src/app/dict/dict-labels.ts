import { type DictData, dictLabel, type Locale } from '@kerf/contract';

/** How one value of a dictionary shows: its label in a language and its tag colour. */
export interface DictView {
  label: string;
  /** An antd Tag colour, from the entry's `listClass`; undefined shows the plain tag. */
  color: string | undefined;
  cssClass: string;
}

/** RuoYi's list classes as antd Tag colours (antd's own colour names pass through). */
const COLOURS: Record<string, string | undefined> = {
  '': undefined,
  default: undefined,
  primary: 'blue',
  info: 'cyan',
  danger: 'red',
};

/**
 * The view of `value` in a dictionary's entries: a value the dictionary does not know shows as itself,
 * so a page never goes blank when staff remove an entry.
 */
export function dictView(entries: readonly DictData[], value: string, locale: Locale): DictView {
  const entry = entries.find((e) => e.value === value);
  if (!entry) return { label: value, color: undefined, cssClass: '' };
  const color = entry.listClass in COLOURS ? COLOURS[entry.listClass] : entry.listClass;
  return { label: dictLabel(entry, locale), color, cssClass: entry.cssClass };
}
