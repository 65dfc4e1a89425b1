import { createStore, safeStorage, useStore } from '../../../stores/create-store';
import { CRAFT_COLUMNS_KEY, type CraftColumn, readCraftColumns, writeCraftColumns } from '../model/craft-columns';

const storage = safeStorage(() => (typeof window === 'undefined' ? undefined : window.localStorage));
const columnsStore = createStore<CraftColumn[]>(readCraftColumns(storage.getItem(CRAFT_COLUMNS_KEY)));

/** The craft table's chosen columns, shared by both tabs and remembered in this browser. */
export function useCraftColumns(): [CraftColumn[], (columns: CraftColumn[]) => void] {
  const columns = useStore(columnsStore, (s) => s);
  const setColumns = (next: CraftColumn[]) => {
    const stored = writeCraftColumns(next);
    storage.setItem(CRAFT_COLUMNS_KEY, stored);
    columnsStore.setState(readCraftColumns(stored));
  };
  return [columns, setColumns];
}
