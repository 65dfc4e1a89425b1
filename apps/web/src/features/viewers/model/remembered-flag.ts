import { LOCAL_STATE_TTL_MINUTES } from '@kerf/contract';
import { type KeyValueStorage, safeStorage } from '../../../stores/create-store';

const TTL_MS = LOCAL_STATE_TTL_MINUTES * 60_000;

/**
 * A yes/no choice kept in local storage, forgotten like the app's other local state 1440 minutes
 * after it was last set (SPEC §9). The image overlay's thumbnail strip is one.
 */
export function rememberedFlag(storage: KeyValueStorage, key: string, fallback: boolean) {
  return {
    read(now = Date.now()): boolean {
      const raw = storage.getItem(key);
      if (!raw) return fallback;
      try {
        const stored = JSON.parse(raw) as { value?: unknown; expires?: unknown };
        if (typeof stored.value !== 'boolean' || typeof stored.expires !== 'number' || stored.expires <= now) {
          return fallback;
        }
        return stored.value;
      } catch {
        return fallback;
      }
    },
    write(value: boolean, now = Date.now()) {
      storage.setItem(key, JSON.stringify({ value, expires: now + TTL_MS }));
    },
  };
}

/** SPEC §9 "thumbnail strip remembered": shown until the person hides it. */
export const thumbnailStripShown = rememberedFlag(
  safeStorage(() => (typeof localStorage === 'undefined' ? undefined : localStorage)),
  'viewer-thumbnail-strip',
  true,
);
