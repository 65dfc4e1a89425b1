import { createStore, type KeyValueStorage, safeStorage } from '../../../stores/create-store';
import { findProfile, type MachineProfile, profileProblems } from '../model/job/machine-profiles';

/**
 * The machine the editor plans for and the user's own machine profiles, kept in this browser (a bound
 * machine's profile will come from the device cloud).
 */
export interface MachineChoice {
  profileId: string;
  own: MachineProfile[];
}

const KEY = 'kerf.design.machines';

export const machineStorage = safeStorage(() => (typeof localStorage === 'undefined' ? undefined : localStorage));

export function readMachines(storage: KeyValueStorage): MachineChoice {
  try {
    const raw = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<MachineChoice> | null;
    const own = Array.isArray(raw?.own)
      ? raw.own.filter((p): p is MachineProfile => typeof p?.id === 'string' && profileProblems(p).length === 0)
      : [];
    const profileId = findProfile(own, raw?.profileId).id;
    return { profileId, own: own.map((p) => ({ ...p, builtIn: false })) };
  } catch {
    return { profileId: findProfile([], null).id, own: [] };
  }
}

export const machineStore = createStore<MachineChoice>(readMachines(machineStorage));

machineStore.subscribe(() => machineStorage.setItem(KEY, JSON.stringify(machineStore.getState())));

export function currentProfile(): MachineProfile {
  const { own, profileId } = machineStore.getState();
  return findProfile(own, profileId);
}

/** Adds or replaces one of the user's own profiles (and picks it). */
export function saveOwnProfile(profile: MachineProfile): void {
  machineStore.setState((s) => ({
    profileId: profile.id,
    own: [...s.own.filter((p) => p.id !== profile.id), { ...profile, builtIn: false }],
  }));
}

export function deleteOwnProfile(id: string): void {
  machineStore.setState((s) => ({
    profileId: s.profileId === id ? findProfile([], null).id : s.profileId,
    own: s.own.filter((p) => p.id !== id),
  }));
}
