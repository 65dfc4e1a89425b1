import { useCallback, useState } from 'react';
import { readHiddenColumns, writeHiddenColumns } from './hidden-columns';

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/**
 * The columns a person hid in one /sysm table, remembered in this browser. `optional` are the keys of
 * the columns that may be hidden (the first column and the actions always show).
 */
export function useColumnChoice(table: string, optional: readonly string[]) {
  const [hidden, setHidden] = useState<string[]>(() => readHiddenColumns(storage(), table, optional));
  const change = useCallback(
    (next: string[]) => {
      setHidden(next);
      writeHiddenColumns(storage(), table, optional, next);
    },
    [table, optional],
  );
  /** The table's columns without the hidden ones. */
  const shown = useCallback(
    <C extends { key?: unknown }>(columns: readonly C[]) => columns.filter((c) => !hidden.includes(String(c.key))),
    [hidden],
  );
  /** The hideable columns with their titles, for ColumnChoice. */
  const options = useCallback(
    (columns: readonly { key?: unknown; title?: unknown }[]) =>
      columns
        .filter((c) => optional.includes(String(c.key)))
        .map((c) => ({ value: String(c.key), label: typeof c.title === 'string' ? c.title : String(c.key) })),
    [optional],
  );
  return { hidden, change, shown, options };
}
