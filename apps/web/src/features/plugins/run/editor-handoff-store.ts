import { createStore, del, get, keys, set } from 'idb-keyval';
import type { HandoffStore } from './model/editor-handoff';

let database: ReturnType<typeof createStore> | null = null;
const store = () => {
  database ??= createStore('kerf-plugins', 'handoff');
  return database;
};

/** The browser's IndexedDB under the hand-off's own database (the editor's drafts live elsewhere). */
export const browserHandoffStore: HandoffStore = {
  get: (key) => get(key, store()),
  set: (key, value) => set(key, value, store()),
  del: (key) => del(key, store()),
  keys: async () => (await keys(store())).map(String),
};
