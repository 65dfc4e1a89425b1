import { createStore, safeStorage } from '../../../stores/create-store';
import type { DriveCopy } from './drive-save';

/** The drive file the open drawing belongs to (saved there, or opened from there); kept with the draft. */
export const driveCopyStore = createStore<DriveCopy | null>(null);

/** Where the recent-documents list is kept: this browser's local storage. */
export const recentStorage = safeStorage(() => (typeof localStorage === 'undefined' ? undefined : localStorage));
