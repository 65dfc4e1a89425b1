import { describe, expect, it } from 'vitest';
import { parseChapter, plainText } from './manual-chapter';

const CHAPTER = [
  '# The drive',
  '',
  'Your files, in the cloud.',
  '',
  '## Uploading files {#upload}',
  '',
  'Drag files onto the page, or click **Upload**.',
  '',
  '### Large files',
  '',
  'They resume after a break.',
  '',
  '```',
  '## not a heading inside code',
  '```',
  '',
  '## The recycle bin {#recycle-bin}',
  '',
  'Deleted files wait here: see [sharing](/help/03-sharing#links).',
].join('\n');

describe('parseChapter', () => {
  const chapter = parseChapter('02-drive', CHAPTER);

  it('reads the title, the intro and each section with its id', () => {
    expect(chapter.title).toBe('The drive');
    expect(chapter.intro).toBe('Your files, in the cloud.');
    expect(chapter.sections.map((s) => [s.id, s.title])).toEqual([
      ['upload', 'Uploading files'],
      ['recycle-bin', 'The recycle bin'],
    ]);
    expect(chapter.sections[0]!.markdown).toContain('### Large files');
    expect(chapter.sections[0]!.markdown).toContain('## not a heading inside code');
    expect(chapter.sections[1]!.markdown).toBe('Deleted files wait here: see [sharing](/help/03-sharing#links).');
  });

  it('shows the headings without their id marks, line for line, and finds an anchor by its line', () => {
    const lines = chapter.markdown.split('\n');
    expect(lines).toHaveLength(CHAPTER.split('\n').length);
    expect(lines[4]).toBe('## Uploading files');
    expect(chapter.headingIds.get(5)).toBe('upload');
    expect(chapter.headingIds.get(17)).toBe('recycle-bin');
    expect(chapter.headingIds.size).toBe(2);
  });

  it('refuses a section without an id, an id used twice and a chapter without a title', () => {
    expect(() => parseChapter('x', '# T\n\n## No id\n')).toThrow(/line 3: a section heading needs an id/);
    expect(() => parseChapter('x', '# T\n\n## A {#a}\n\n## B {#a}\n')).toThrow(/"a" is used twice/);
    expect(() => parseChapter('x', 'Just text\n\n## A {#a}\n')).toThrow(/no "# Title"/);
  });
});

describe('plainText', () => {
  it('keeps the words of links, pictures and emphasis, drops the marks', () => {
    expect(
      plainText('Click **Upload** in [the drive](/workbench).\n\n- one\n- two\n\n![the list](shot:drive-list)'),
    ).toBe('Click Upload in the drive. one two the list');
  });
});
