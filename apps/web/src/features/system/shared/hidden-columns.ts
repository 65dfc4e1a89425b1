/** The storage key of a /sysm table's hidden columns. */
export const hiddenColumnsKey = (table: string) => `kerf.sysm.${table}.hiddenColumns`;

/**
 * The hidden columns of `table` remembered in `storage`, in the table's order; names the table no
 * longer has (from an older version) and a broken entry are dropped.
 */
export function readHiddenColumns(
  storage: Pick<Storage, 'getItem'> | undefined,
  table: string,
  optional: readonly string[],
): string[] {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(hiddenColumnsKey(table)) ?? '[]');
    return Array.isArray(stored) ? optional.filter((column) => stored.includes(column)) : [];
  } catch {
    return [];
  }
}

export function writeHiddenColumns(
  storage: Pick<Storage, 'setItem'> | undefined,
  table: string,
  optional: readonly string[],
  hidden: readonly string[],
): void {
  try {
    storage?.setItem(hiddenColumnsKey(table), JSON.stringify(optional.filter((c) => hidden.includes(c))));
  } catch {
    // private mode or a full store: the choice lasts for this page only
  }
}
