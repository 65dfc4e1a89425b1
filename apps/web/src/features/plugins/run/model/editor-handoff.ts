import { type KerfDocument, parseDocument } from '@kerf/laser';

/**
 * "Open in editor" on the plugin page: the answer is left in the browser under a fresh key and the
 * editor opens with that key in its address (`/design?pluginResult=…`); the editor takes it (the entry
 * is removed as it is read, so a reload does not insert it twice) and inserts it as one step. IndexedDB
 * rather than the address or session storage: an answer may run to megabytes.
 */

export const HANDOFF_QUERY = 'pluginResult';

/** An answer not picked up within this time is dropped (the editor tab was never opened), ms. */
export const HANDOFF_LIFETIME_MS = 60 * 60 * 1000;

export interface HandoffAnswer {
  document: KerfDocument;
  placement: 'document' | 'free';
}

interface HandoffEntry extends HandoffAnswer {
  savedAt: number;
}

/** The few key–value calls the hand-off needs (idb-keyval's in the browser, a Map in tests). */
export interface HandoffStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

const isEntry = (v: unknown): v is HandoffEntry =>
  typeof v === 'object' && v !== null && typeof (v as HandoffEntry).savedAt === 'number' && 'document' in v;

/** Leaves an answer for the editor; answers the key to put in the editor's address. */
export async function leaveForEditor(store: HandoffStore, answer: HandoffAnswer, now = Date.now()): Promise<string> {
  // answers left before and never picked up are cleared first
  for (const key of await store.keys()) {
    const old = await store.get(key);
    if (!isEntry(old) || now - old.savedAt > HANDOFF_LIFETIME_MS) await store.del(key);
  }
  // not crypto.randomUUID: it exists only on secure pages, and Kerf may be served over plain HTTP
  const key = `${now.toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  const entry: HandoffEntry = { document: answer.document, placement: answer.placement, savedAt: now };
  await store.set(key, entry);
  return key;
}

/**
 * Takes the answer left under `key` (removing it), read back through the document checks; null when
 * there is none, it is stale, or it does not read as a drawing.
 */
export async function takeFromPluginPage(
  store: HandoffStore,
  key: string,
  now = Date.now(),
): Promise<HandoffAnswer | null> {
  const entry = await store.get(key);
  await store.del(key);
  if (!isEntry(entry) || now - entry.savedAt > HANDOFF_LIFETIME_MS) return null;
  try {
    return { document: parseDocument(entry.document), placement: entry.placement === 'document' ? 'document' : 'free' };
  } catch {
    return null;
  }
}
