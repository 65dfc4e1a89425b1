import { describe, expect, it } from 'vitest';
import { memoryStorage } from './create-store';
import {
  createDriveSettingsStore,
  DEFAULT_DRIVE_SETTINGS,
  DRIVE_SETTINGS_KEY,
  FILE_MODE,
  readDriveSettings,
} from './drive-settings-store';

describe('drive settings store', () => {
  it('starts with the SPEC §9 defaults', () => {
    const store = createDriveSettingsStore(memoryStorage());
    expect(store.getState()).toEqual({
      fileMode: FILE_MODE.list,
      gridSize: 100,
      pageSize: 20,
      columns: ['extendName', 'fileSize', 'uploadTime', 'deleteTime'],
      sort: { field: 'name', order: 'asc' },
    });
  });

  it('remembers each setting for 1440 minutes after the last change', () => {
    const storage = memoryStorage();
    let clock = 1_000_000;
    const store = createDriveSettingsStore(storage, () => clock);
    store.setFileMode(FILE_MODE.grid);
    store.setGridSize(140);
    store.setPageSize(50);
    store.setColumns(['fileSize']);
    store.setSort({ field: 'size', order: 'desc' });
    clock += 1439 * 60_000;
    expect(createDriveSettingsStore(storage, () => clock).getState()).toMatchObject({
      fileMode: FILE_MODE.grid,
      gridSize: 140,
      pageSize: 50,
      columns: ['fileSize'],
      sort: { field: 'size', order: 'desc' },
    });
    clock += 2 * 60_000;
    expect(createDriveSettingsStore(storage, () => clock).getState()).toEqual(DEFAULT_DRIVE_SETTINGS);
  });

  it('keeps valid fields of a broken value and defaults the rest', () => {
    const raw = JSON.stringify({
      value: { fileMode: 9, gridSize: 5000, pageSize: 30, columns: ['fileSize', 'evil'] },
      expires: Date.now() + 60_000,
    });
    expect(readDriveSettings(raw)).toMatchObject({ fileMode: 1, gridSize: 100, pageSize: 30, columns: ['fileSize'] });
    expect(readDriveSettings('{nope')).toEqual(DEFAULT_DRIVE_SETTINGS);
    const storage = memoryStorage();
    storage.setItem(DRIVE_SETTINGS_KEY, 'garbage');
    expect(createDriveSettingsStore(storage).getState()).toEqual(DEFAULT_DRIVE_SETTINGS);
  });
});
