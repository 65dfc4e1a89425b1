import { createHash } from 'node:crypto';
import type { FileContent } from '@kerf/contract';
import { describe, expect, it, vi } from 'vitest';
import { createTextDocument, isModified, lineSeparatorOf, type TextFileSource } from './text-document';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A file on a pretend server, with the last-writer check of PUT /engine/file/content. */
function fakeServer(initial: string) {
  const file = { text: initial, sha256: sha(initial) };
  const saves: Array<{ content: string; sha256: string }> = [];
  const content = (): FileContent => ({
    userFileId: 'f1',
    fileName: 'plan.ts',
    extendName: 'ts',
    text: file.text,
    sha256: file.sha256,
    fileSize: Buffer.byteLength(file.text),
  });
  const source: TextFileSource = {
    load: vi.fn(async () => content()),
    save: vi.fn(async (text: string, expected: string) => {
      saves.push({ content: text, sha256: expected });
      if (expected !== file.sha256) {
        throw Object.assign(new Error('文件已被其他人修改，请重新打开后再保存'), {
          code: 409,
          serverMessage: '文件已被其他人修改，请重新打开后再保存',
          data: { sha256: file.sha256 },
        });
      }
      file.text = text;
      file.sha256 = sha(text);
      return '保存成功';
    }),
    hash: async (text) => sha(text),
  };
  /** Someone else saves meanwhile. */
  const changeElsewhere = (text: string) => {
    file.text = text;
    file.sha256 = sha(text);
  };
  return { file, saves, source, changeElsewhere };
}

async function opened(initial = 'let a = 1;\n') {
  const server = fakeServer(initial);
  const doc = createTextDocument(server.source, { fileName: 'plan.ts', extendName: 'ts' });
  await doc.load();
  return { doc, ...server };
}

describe('a text document (SPEC §4 code preview)', () => {
  it('loads the text and is not modified until it differs from what was loaded', async () => {
    const { doc } = await opened();
    expect(doc.getState()).toMatchObject({ status: 'ready', text: 'let a = 1;\n', readOnly: false, revision: 1 });
    expect(isModified(doc.getState())).toBe(false);
    doc.edit('let a = 2;\n');
    expect(isModified(doc.getState())).toBe(true);
    doc.edit('let a = 1;\n');
    expect(isModified(doc.getState())).toBe(false);
  });

  it('saves only when modified, then is clean with the new hash', async () => {
    const { doc, saves, file } = await opened();
    expect(await doc.save()).toEqual({ kind: 'unchanged' });
    expect(saves).toHaveLength(0);
    doc.edit('let a = 2;\n');
    expect(await doc.save()).toEqual({ kind: 'saved', message: '保存成功' });
    expect(saves).toEqual([{ content: 'let a = 2;\n', sha256: sha('let a = 1;\n') }]);
    expect(file.text).toBe('let a = 2;\n');
    expect(isModified(doc.getState())).toBe(false);
    expect(doc.getState().sha256).toBe(sha('let a = 2;\n'));
    // a second save without changes sends nothing
    expect(await doc.save()).toEqual({ kind: 'unchanged' });
    // and the next edit saves against the new version
    doc.edit('let a = 3;\n');
    expect((await doc.save()).kind).toBe('saved');
    expect(saves).toHaveLength(2);
  });

  it('is read-only without a save call: edits are ignored and nothing is sent', async () => {
    const server = fakeServer('x');
    const { save: _, ...readOnly } = server.source;
    const doc = createTextDocument(readOnly, { fileName: 'a.txt', extendName: 'txt' });
    await doc.load();
    expect(doc.getState().readOnly).toBe(true);
    doc.edit('y');
    expect(doc.getState().text).toBe('x');
    expect(await doc.save()).toEqual({ kind: 'readOnly' });
  });

  it('keeps typing that happened while saving as unsaved', async () => {
    const { doc } = await opened('a');
    doc.edit('ab');
    const saving = doc.save();
    expect(doc.getState().saving).toBe(true);
    expect(await doc.save()).toEqual({ kind: 'busy' });
    doc.edit('abc');
    await saving;
    expect(doc.getState()).toMatchObject({ original: 'ab', text: 'abc', saving: false });
    expect(isModified(doc.getState())).toBe(true);
  });

  it('reports a concurrent edit, then reloads the version on the server', async () => {
    const { doc, changeElsewhere } = await opened('v1');
    doc.edit('mine');
    changeElsewhere('theirs');
    const outcome = await doc.save();
    expect(outcome).toEqual({
      kind: 'conflict',
      conflict: { sha256: sha('theirs'), message: '文件已被其他人修改，请重新打开后再保存' },
    });
    // saving again without choosing does not send the stale hash again
    expect((await doc.save()).kind).toBe('conflict');
    await doc.reload();
    expect(doc.getState()).toMatchObject({ text: 'theirs', original: 'theirs', conflict: null, revision: 2 });
    expect(isModified(doc.getState())).toBe(false);
  });

  it('reports a concurrent edit, then keeps my text by replacing the version on the server', async () => {
    const { doc, changeElsewhere, file, saves } = await opened('v1');
    doc.edit('mine');
    changeElsewhere('theirs');
    await doc.save();
    expect(await doc.overwrite()).toEqual({ kind: 'saved', message: '保存成功' });
    expect(saves.at(-1)).toEqual({ content: 'mine', sha256: sha('theirs') });
    expect(file.text).toBe('mine');
    expect(doc.getState()).toMatchObject({ conflict: null, original: 'mine', sha256: sha('mine') });
  });

  it('says why a file cannot be opened, and why a save failed', async () => {
    const source: TextFileSource = {
      load: async () => {
        throw Object.assign(new Error('x'), { serverMessage: '该文件不是文本文件' });
      },
      save: async () => '',
      hash: async () => '',
    };
    const doc = createTextDocument(source, { fileName: 'a.bin', extendName: 'bin' });
    await doc.load();
    expect(doc.getState()).toMatchObject({ status: 'failed', loadError: '该文件不是文本文件' });

    const { doc: other, source: ok } = await opened('a');
    vi.mocked(ok.save!).mockRejectedValueOnce(Object.assign(new Error('系统接口500异常'), { code: 500 }));
    other.edit('b');
    const outcome = await other.save();
    expect(outcome).toMatchObject({ kind: 'failed', message: '系统接口500异常' });
    expect(isModified(other.getState())).toBe(true);
  });
});

describe('line separators', () => {
  it('finds the line break a text uses, so lines go back the way they came', () => {
    expect(lineSeparatorOf('a\r\nb\r\n')).toBe('\r\n');
    expect(lineSeparatorOf('a\nb')).toBe('\n');
    expect(lineSeparatorOf('a\rb')).toBe('\r');
    expect(lineSeparatorOf('one line')).toBe('\n');
    expect(lineSeparatorOf('\nfirst empty')).toBe('\n');
  });
});
