import { CRAFT_PERMISSIONS, type CraftLibrary } from '@kerf/contract';

/** What the reader may do in a library; the server checks the same on every call. */
export interface CraftRights {
  /** Add, edit, delete and import. */
  edit: boolean;
  /** Copy into my personal library. */
  copy: boolean;
}

export function craftRights(library: CraftLibrary, can: { permission(wanted: string): boolean }): CraftRights {
  const personal = can.permission(CRAFT_PERMISSIONS.personal);
  return {
    edit: library === 'standard' ? can.permission(CRAFT_PERMISSIONS.standard) : personal,
    copy: personal,
  };
}
