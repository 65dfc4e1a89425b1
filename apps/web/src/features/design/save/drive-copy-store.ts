import { createStore } from '../../../stores/create-store';
import type { DriveCopy } from './drive-save';

/** The drive file the open drawing belongs to (saved there, or opened from there); kept with the draft. */
export const driveCopyStore = createStore<DriveCopy | null>(null);
