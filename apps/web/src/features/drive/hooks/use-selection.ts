import { type MouseEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DriveEntry } from '../../../api/drive-api';

/**
 * The selected entries of the page shown, desktop style: a click selects one, Ctrl/Cmd+click adds or
 * removes, Shift+click selects a range; checkboxes toggle. A new page or place starts empty.
 */
export function useSelection(entries: readonly DriveEntry[], resetKey: string) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef<string | null>(null);

  useEffect(() => {
    if (resetKey) setChosen(new Set());
    anchor.current = null;
  }, [resetKey]);

  // entries that left the list (deleted, moved) leave the selection
  const ids = useMemo(
    () => new Set(entries.filter((e) => chosen.has(e.userFileId)).map((e) => e.userFileId)),
    [entries, chosen],
  );
  const selectedEntries = useMemo(() => entries.filter((e) => ids.has(e.userFileId)), [entries, ids]);

  const only = useCallback((id: string) => {
    anchor.current = id;
    setChosen(new Set([id]));
  }, []);
  const clear = useCallback(() => setChosen(new Set()), []);
  const set = useCallback((next: readonly string[]) => setChosen(new Set(next)), []);
  const all = useCallback(() => setChosen(new Set(entries.map((e) => e.userFileId))), [entries]);

  const click = useCallback(
    (entry: DriveEntry, event: MouseEvent) => {
      // the checkbox column speaks for itself
      if ((event.target as HTMLElement).closest('.ant-table-selection-column, .ant-checkbox-wrapper')) return;
      const id = entry.userFileId;
      if (event.shiftKey && anchor.current) {
        const from = entries.findIndex((e) => e.userFileId === anchor.current);
        const to = entries.findIndex((e) => e.userFileId === id);
        if (from >= 0 && to >= 0) {
          const [a, b] = from < to ? [from, to] : [to, from];
          setChosen(new Set(entries.slice(a, b + 1).map((e) => e.userFileId)));
          return;
        }
      }
      if (event.ctrlKey || event.metaKey) {
        anchor.current = id;
        setChosen((prev) => {
          const next = new Set(prev);
          if (next.has(id)) next.delete(id);
          else next.add(id);
          return next;
        });
        return;
      }
      only(id);
    },
    [entries, only],
  );

  return {
    ids,
    entries: selectedEntries,
    count: ids.size,
    has: (id: string) => ids.has(id),
    only,
    clear,
    set,
    all,
    click,
  };
}
