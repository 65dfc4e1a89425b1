import { FILE_TYPE } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { batchActions, contextActions } from './context-menu-rules';

const folder = { isDir: 1 as const, extendName: '' };
const file = (extendName: string) => ({ isDir: 0 as const, extendName });

describe('context menu rules (SPEC §5)', () => {
  it('offers the everyday actions on a file in the drive', () => {
    expect(contextActions(file('dxf'), { fileType: FILE_TYPE.all })).toEqual([
      'view',
      'download',
      'share',
      'copy',
      'move',
      'rename',
      'delete',
      'detail',
    ]);
  });

  it('hides view in the recycle bin and offers restore only there', () => {
    const inBin = contextActions(file('png'), { fileType: FILE_TYPE.recycle });
    expect(inBin).not.toContain('view');
    expect(inBin).toContain('restore');
    for (const fileType of [FILE_TYPE.all, FILE_TYPE.image, FILE_TYPE.video, FILE_TYPE.audio, FILE_TYPE.myShares]) {
      expect(contextActions(file('png'), { fileType })).not.toContain('restore');
      expect(contextActions(file('png'), { fileType })).toContain('view');
    }
  });

  it('hides delete for type 8 and on the share page', () => {
    expect(contextActions(file('png'), { fileType: FILE_TYPE.myShares })).not.toContain('delete');
    expect(contextActions(file('png'), { fileType: FILE_TYPE.all, onShare: true })).not.toContain('delete');
    expect(contextActions(file('png'), { fileType: FILE_TYPE.recycle })).toContain('delete');
  });

  it('hides move and rename for types 6 and 8 and on the share page', () => {
    for (const context of [
      { fileType: FILE_TYPE.recycle },
      { fileType: FILE_TYPE.myShares },
      { fileType: FILE_TYPE.all, onShare: true },
    ]) {
      const actions = contextActions(folder, context);
      expect(actions).not.toContain('move');
      expect(actions).not.toContain('rename');
    }
    expect(contextActions(folder, { fileType: FILE_TYPE.image })).toEqual(expect.arrayContaining(['move', 'rename']));
  });

  it('offers unzip only for zip, rar, 7z, tar and gz files', () => {
    for (const ext of ['zip', 'rar', '7z', 'tar', 'gz', 'ZIP']) {
      expect(contextActions(file(ext), { fileType: FILE_TYPE.all })).toContain('unzip');
    }
    for (const ext of ['xz', 'dxf', '']) {
      expect(contextActions(file(ext), { fileType: FILE_TYPE.all })).not.toContain('unzip');
    }
    expect(contextActions(folder, { fileType: FILE_TYPE.all })).not.toContain('unzip');
    // nothing is unpacked out of the bin or into a share
    expect(contextActions(file('zip'), { fileType: FILE_TYPE.recycle })).not.toContain('unzip');
    expect(contextActions(file('zip'), { fileType: FILE_TYPE.all, onShare: true })).not.toContain('unzip');
  });

  it('offers online edit for office, markdown and code types', () => {
    for (const ext of ['docx', 'xlsx', 'pptx', 'md', 'markdown', 'ts', 'py', 'json', 'yaml']) {
      expect(contextActions(file(ext), { fileType: FILE_TYPE.all }), ext).toContain('onlineEdit');
    }
    for (const ext of ['png', 'mp4', 'dxf', 'zip']) {
      expect(contextActions(file(ext), { fileType: FILE_TYPE.all }), ext).not.toContain('onlineEdit');
    }
    // the machines' G-code is text to be read and touched up too
    expect(contextActions(file('gcode'), { fileType: FILE_TYPE.all })).toContain('onlineEdit');
    expect(contextActions(file('tgz'), { fileType: FILE_TYPE.all })).toContain('unzip');
  });

  it('offers online edit of office files only with a document server', () => {
    const none = { fileType: FILE_TYPE.all, onlineOffice: false };
    for (const ext of ['doc', 'docx', 'XLSX', 'pptx']) {
      expect(contextActions(file(ext), none), ext).not.toContain('onlineEdit');
      expect(contextActions(file(ext), none), ext).toContain('view');
      expect(contextActions(file(ext), { ...none, onlineOffice: true }), ext).toContain('onlineEdit');
    }
    // text, markdown and code open in the editors of the page itself
    for (const ext of ['md', 'ts', 'gcode']) expect(contextActions(file(ext), none), ext).toContain('onlineEdit');
  });

  it('offers copy link only for type 8, and details always', () => {
    expect(contextActions(file('png'), { fileType: FILE_TYPE.myShares })).toContain('copyLink');
    for (const fileType of [0, 1, 3, 4, 6, 7]) {
      expect(contextActions(file('png'), { fileType })).not.toContain('copyLink');
    }
    for (const fileType of [0, 1, 3, 4, 6, 7, 8]) {
      expect(contextActions(folder, { fileType })).toContain('detail');
      expect(contextActions(folder, { fileType, onShare: true })).toContain('detail');
    }
  });
});

describe('sharing (SPEC §5, §6)', () => {
  const share = { fileType: FILE_TYPE.all, onShare: true };

  it('offers share on live entries of my drive, in every category', () => {
    for (const fileType of [FILE_TYPE.all, FILE_TYPE.image, FILE_TYPE.video, FILE_TYPE.audio]) {
      expect(contextActions(file('png'), { fileType })).toContain('share');
      expect(contextActions(folder, { fileType })).toContain('share');
    }
  });

  it('does not offer share in the bin, on type 8 or on the share page', () => {
    expect(contextActions(file('png'), { fileType: FILE_TYPE.recycle })).not.toContain('share');
    expect(contextActions(file('png'), { fileType: FILE_TYPE.myShares })).not.toContain('share');
    expect(contextActions(folder, share)).not.toContain('share');
  });

  it('keeps type 8 to copy link, details, download and view', () => {
    expect(contextActions(file('png'), { fileType: FILE_TYPE.myShares })).toEqual([
      'view',
      'download',
      'copyLink',
      'detail',
    ]);
    expect(contextActions(file('md'), { fileType: FILE_TYPE.myShares })).not.toContain('onlineEdit');
  });

  it('keeps the share page read-only: view, download, save to my drive, details', () => {
    for (const entry of [file('png'), file('zip'), file('md'), file('docx'), folder]) {
      expect(contextActions(entry, share)).toEqual(['view', 'download', 'saveToDrive', 'detail']);
    }
    expect(contextActions(file('png'), { fileType: FILE_TYPE.all })).not.toContain('saveToDrive');
  });

  it('shares and saves several entries at once', () => {
    expect(batchActions([folder, file('png')], { fileType: FILE_TYPE.image })).toContain('share');
    expect(batchActions([folder, file('png')], share)).toEqual(['download', 'saveToDrive']);
    expect(batchActions([folder, file('png')], { fileType: FILE_TYPE.myShares })).toEqual(['download']);
  });
});

describe('batch actions', () => {
  it('keeps what every selected entry allows, minus single-entry actions', () => {
    expect(batchActions([folder, file('zip')], { fileType: FILE_TYPE.all })).toEqual([
      'download',
      'share',
      'copy',
      'move',
      'delete',
    ]);
    expect(batchActions([folder, file('zip')], { fileType: FILE_TYPE.recycle })).toEqual(['restore', 'delete']);
    expect(batchActions([], { fileType: FILE_TYPE.all })).toEqual([]);
  });
});
