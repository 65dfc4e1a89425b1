import { describe, expect, it } from 'vitest';
import { parseChapter } from './manual-chapter';
import { buildManualSearch, manualWords, markTerms, snippetAround } from './manual-search';

const ZH = [
  parseChapter(
    '02-drive',
    '# 云盘\n\n你的文件都在云端。\n\n## 上传文件 {#upload}\n\n把文件拖到页面上，或点击**上传**。大文件断点续传。\n\n## 回收站 {#recycle-bin}\n\n删除的文件会先放进回收站，可以还原。\n',
  ),
  parseChapter('07-devices', '# 设备\n\n## 激活设备 {#activate}\n\n输入机器码激活设备。\n'),
];
const EN = [
  parseChapter(
    '02-drive',
    '# The drive\n\nYour files in the cloud.\n\n## Uploading files {#upload}\n\nDrag files onto the page or click **Upload**. Large uploads resume after a break.\n\n## The recycle bin {#recycle-bin}\n\nDeleted files wait in the recycle bin until you restore them.\n',
  ),
  parseChapter(
    '07-devices',
    '# Devices\n\n## Activating a machine {#activate}\n\nType the machine code to activate it.\n',
  ),
];

describe('manual search', () => {
  it('cuts Chinese into words, not single characters or whole sentences', () => {
    const words = manualWords('删除的文件会先放进回收站', 'zh-CN');
    expect(words).toContain('删除');
    expect(words).toContain('文件');
    expect(words.length).toBeGreaterThan(4);
  });

  it('finds a Chinese section by a word in its text and a word in its title', () => {
    const search = buildManualSearch(ZH, 'zh-CN');
    expect(search('还原').map((h) => [h.chapter, h.sectionId])).toEqual([['02-drive', 'recycle-bin']]);
    expect(search('回收站')[0]?.sectionId).toBe('recycle-bin');
    const activate = search('激活');
    expect(activate[0]).toMatchObject({ chapter: '07-devices', sectionId: 'activate', chapterTitle: '设备' });
  });

  it('ranks a title match first, finds word beginnings and forgives a typo in English', () => {
    const search = buildManualSearch(EN, 'en');
    expect(search('upload')[0]).toMatchObject({ sectionId: 'upload', title: 'Uploading files' });
    expect(search('recyc')[0]?.sectionId).toBe('recycle-bin');
    expect(search('recyle')[0]?.sectionId).toBe('recycle-bin');
    expect(search('machine code')[0]?.sectionId).toBe('activate');
    expect(search('   ')).toEqual([]);
    expect(search('sprocket')).toEqual([]);
  });

  it('gives a snippet around the first match and marks the matched words', () => {
    const [hit] = buildManualSearch(EN, 'en')('restore');
    expect(hit?.snippet).toContain('restore');
    expect(hit?.terms).toEqual(['restore']);
    const long = `${'x '.repeat(100)}the word here${' y'.repeat(100)}`;
    const snippet = snippetAround(long, ['word']);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('the word here');
    expect(markTerms('Upload files, uploaded', ['upload'])).toEqual([
      { text: 'Upload', marked: true },
      { text: ' files, ', marked: false },
      { text: 'upload', marked: true },
      { text: 'ed', marked: false },
    ]);
    expect(markTerms('放进回收站吧', ['回收', '站'])).toEqual([
      { text: '放进', marked: false },
      { text: '回收站', marked: true },
      { text: '吧', marked: false },
    ]);
  });
});
