import { describe, expect, it } from 'vitest';
import helpEn from './help.en.md?raw';
import helpZh from './help.zh-CN.md?raw';
import { helpOutline } from './help-outline';

describe('help documents', () => {
  it('list their second-level sections with line anchors', () => {
    expect(helpOutline('# T\n\n## One **bold**\ntext\n## Two ##\n')).toEqual([
      { id: 'help-section-3', title: 'One bold' },
      { id: 'help-section-5', title: 'Two' },
    ]);
  });

  it('cover the same topics in both languages', () => {
    expect(helpOutline(helpZh).length).toBe(helpOutline(helpEn).length);
    expect(helpOutline(helpZh).length).toBeGreaterThanOrEqual(8);
  });

  it('hold no raw HTML, which the page would not render', () => {
    for (const markdown of [helpZh, helpEn]) expect(markdown).not.toMatch(/<\/?[a-z][^>]*>/i);
  });
});
