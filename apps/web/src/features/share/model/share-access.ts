import { type KeyValueStorage, safeStorage } from '../../../stores/create-store';

/** Extraction codes are case-insensitive (@kerf/contract); what people paste often has spaces around it. */
export function normaliseCode(input: string | null | undefined): string {
  return (input ?? '').trim().toLowerCase();
}

const codeKey = (shareBatchNum: string) => `share-code:${shareBatchNum}`;
const saveKey = (shareBatchNum: string) => `share-save:${shareBatchNum}`;

/**
 * What the share page remembers for this tab only (sessionStorage): the code a share accepted, so a
 * reload does not ask again, and a "save to my drive" begun before signing in, to finish after it.
 */
export function createShareMemory(storage: KeyValueStorage) {
  return {
    rememberCode(shareBatchNum: string, code: string) {
      storage.setItem(codeKey(shareBatchNum), code);
    },
    recallCode(shareBatchNum: string): string | undefined {
      return storage.getItem(codeKey(shareBatchNum)) ?? undefined;
    },
    forgetCode(shareBatchNum: string) {
      storage.removeItem(codeKey(shareBatchNum));
    },
    /** `userFileIds` empty: the whole share. */
    rememberSave(shareBatchNum: string, userFileIds: readonly string[]) {
      storage.setItem(saveKey(shareBatchNum), JSON.stringify(userFileIds));
    },
    /** Returns a pending save once and forgets it; undefined when there is none. */
    takeSave(shareBatchNum: string): string[] | undefined {
      const raw = storage.getItem(saveKey(shareBatchNum));
      storage.removeItem(saveKey(shareBatchNum));
      if (raw === null) return undefined;
      try {
        const ids: unknown = JSON.parse(raw);
        return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

export type ShareMemory = ReturnType<typeof createShareMemory>;

export const shareMemory: ShareMemory = createShareMemory(
  safeStorage(() => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage)),
);
