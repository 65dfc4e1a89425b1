import { DRIVE_PAGE_LIMIT, LOCAL_STATE_TTL_MINUTES, PAGE_SIZES } from '@kerf/contract';
import { createStore, type KeyValueStorage, safeStorage, useStore } from './create-store';

/**
 * The drive's local settings (SPEC §3 "file mode, grid size, page size, selected columns", §9 defaults),
 * stored as one value that, like the original's local state, is forgotten 1440 minutes after it was
 * last written.
 */
export const DRIVE_COLUMNS = ['extendName', 'fileSize', 'uploadTime', 'deleteTime'] as const;
export type DriveColumn = (typeof DRIVE_COLUMNS)[number];

/** SPEC §9 "file view mode default 1": 1 is the list (table), 2 the grid of tiles. */
export const FILE_MODE = { list: 1, grid: 2 } as const;
export type FileMode = (typeof FILE_MODE)[keyof typeof FILE_MODE];

export const GRID_SIZE = { min: 60, max: 180, default: 100 } as const;

export type DriveSortField = 'name' | 'size' | 'type' | 'time';

export interface DriveSettings {
  fileMode: FileMode;
  gridSize: number;
  pageSize: number;
  columns: DriveColumn[];
  sort: { field: DriveSortField; order: 'asc' | 'desc' };
}

export const DEFAULT_DRIVE_SETTINGS: DriveSettings = Object.freeze({
  fileMode: FILE_MODE.list,
  gridSize: GRID_SIZE.default,
  pageSize: DRIVE_PAGE_LIMIT,
  columns: [...DRIVE_COLUMNS],
  sort: { field: 'name', order: 'asc' },
}) as DriveSettings;

export const DRIVE_SETTINGS_KEY = 'drive-settings';
const TTL_MS = LOCAL_STATE_TTL_MINUTES * 60_000;

/** Keeps each valid stored field and defaults the rest; an expired or broken value gives the defaults. */
export function readDriveSettings(raw: string | null, now = Date.now()): DriveSettings {
  if (!raw) return DEFAULT_DRIVE_SETTINGS;
  let parsed: { value?: Record<string, unknown>; expires?: number };
  try {
    parsed = JSON.parse(raw);
  } catch {
    return DEFAULT_DRIVE_SETTINGS;
  }
  if (!parsed || typeof parsed !== 'object' || typeof parsed.expires !== 'number' || parsed.expires <= now) {
    return DEFAULT_DRIVE_SETTINGS;
  }
  const v = parsed.value ?? {};
  const d = DEFAULT_DRIVE_SETTINGS;
  const sort = (v.sort ?? {}) as { field?: unknown; order?: unknown };
  return {
    fileMode: v.fileMode === FILE_MODE.grid || v.fileMode === FILE_MODE.list ? v.fileMode : d.fileMode,
    gridSize:
      typeof v.gridSize === 'number' && v.gridSize >= GRID_SIZE.min && v.gridSize <= GRID_SIZE.max
        ? Math.round(v.gridSize)
        : d.gridSize,
    pageSize: PAGE_SIZES.includes(v.pageSize as (typeof PAGE_SIZES)[number]) ? (v.pageSize as number) : d.pageSize,
    columns: Array.isArray(v.columns)
      ? DRIVE_COLUMNS.filter((column) => (v.columns as unknown[]).includes(column))
      : d.columns,
    sort: {
      field: ['name', 'size', 'type', 'time'].includes(sort.field as string)
        ? (sort.field as DriveSortField)
        : d.sort.field,
      order: sort.order === 'desc' ? 'desc' : 'asc',
    },
  };
}

export function createDriveSettingsStore(storage: KeyValueStorage, now: () => number = Date.now) {
  const store = createStore<DriveSettings>(readDriveSettings(storage.getItem(DRIVE_SETTINGS_KEY), now()));
  const save = (patch: Partial<DriveSettings>) => {
    const value = readDriveSettings(
      JSON.stringify({ value: { ...store.getState(), ...patch }, expires: now() + TTL_MS }),
      now(),
    );
    storage.setItem(DRIVE_SETTINGS_KEY, JSON.stringify({ value, expires: now() + TTL_MS }));
    store.setState(value);
  };
  return {
    ...store,
    setFileMode: (fileMode: FileMode) => save({ fileMode }),
    setGridSize: (gridSize: number) => save({ gridSize }),
    setPageSize: (pageSize: number) => save({ pageSize }),
    setColumns: (columns: DriveColumn[]) => save({ columns }),
    setSort: (sort: DriveSettings['sort']) => save({ sort }),
  };
}

export type DriveSettingsStore = ReturnType<typeof createDriveSettingsStore>;

export const driveSettingsStore: DriveSettingsStore = createDriveSettingsStore(
  safeStorage(() => (typeof localStorage === 'undefined' ? undefined : localStorage)),
);

export function useDriveSettings<T>(selector: (state: DriveSettings) => T): T {
  return useStore(driveSettingsStore, selector);
}
