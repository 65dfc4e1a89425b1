import { describe, expect, it } from 'vitest';
import { copyText } from './copy-text';

describe('copying text', () => {
  it('uses the Clipboard API when there is one', async () => {
    const written: string[] = [];
    const ok = await copyText('link', {
      clipboard: { writeText: async (text) => void written.push(text) },
      copyBySelection: () => {
        throw new Error('not needed');
      },
    });
    expect(ok).toBe(true);
    expect(written).toEqual(['link']);
  });

  it('falls back to the selection way when the Clipboard API refuses or is missing', async () => {
    const selected: string[] = [];
    const bySelection = (text: string) => {
      selected.push(text);
      return true;
    };
    expect(
      await copyText('a', {
        clipboard: {
          writeText: async () => {
            throw new DOMException('denied', 'NotAllowedError');
          },
        },
        copyBySelection: bySelection,
      }),
    ).toBe(true);
    expect(await copyText('b', { copyBySelection: bySelection })).toBe(true);
    expect(selected).toEqual(['a', 'b']);
  });

  it('says so when nothing worked', async () => {
    expect(await copyText('x', { copyBySelection: () => false })).toBe(false);
    expect(
      await copyText('x', {
        copyBySelection: () => {
          throw new Error('no document');
        },
      }),
    ).toBe(false);
    expect(await copyText('x', {})).toBe(false);
  });
});
