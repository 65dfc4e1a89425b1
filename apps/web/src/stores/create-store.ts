import { useSyncExternalStore } from 'react';

/**
 * A minimal external store: immutable state replaced on every change, so React reads it with
 * useSyncExternalStore and code outside React (the request client, i18n) reads it with getState().
 */
export interface Store<S> {
  getState(): S;
  setState(next: S | ((prev: S) => S)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<S>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    setState(next) {
      const value = typeof next === 'function' ? (next as (prev: S) => S)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Subscribes a component to a slice of a store; the selector must return stable references. */
export function useStore<S, T>(store: Pick<Store<S>, 'getState' | 'subscribe'>, selector: (state: S) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(store.getState()),
  );
}

/** The part of the Web Storage API the stores use, so tests can pass a Map-backed fake. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Storage that never throws: private browsing, disabled storage and Node all degrade to memory. */
export function safeStorage(pick: () => Storage | undefined): KeyValueStorage {
  const memory = new Map<string, string>();
  const backing = (): Storage | undefined => {
    try {
      return pick();
    } catch {
      return undefined;
    }
  };
  return {
    getItem(key) {
      try {
        return backing()?.getItem(key) ?? memory.get(key) ?? null;
      } catch {
        return memory.get(key) ?? null;
      }
    },
    setItem(key, value) {
      memory.set(key, value);
      try {
        backing()?.setItem(key, value);
      } catch {
        // quota or disabled storage: the in-memory copy still serves this tab
      }
    },
    removeItem(key) {
      memory.delete(key);
      try {
        backing()?.removeItem(key);
      } catch {
        // see setItem
      }
    },
  };
}

export function memoryStorage(): KeyValueStorage {
  return safeStorage(() => undefined);
}
