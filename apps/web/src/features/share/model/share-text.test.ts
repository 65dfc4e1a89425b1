import { describe, expect, it } from 'vitest';
import { copiedShareText } from './share-text';

const origin = 'https://cloud.example.com/';

describe('the text "copy link" copies', () => {
  it('is the bare link for a public share', () => {
    expect(copiedShareText(origin, { shareBatchNum: 'abcdefghjkmnpqrs', extractionCode: '' }, 'zh-CN')).toBe(
      'https://cloud.example.com/share/abcdefghjkmnpqrs',
    );
    expect(copiedShareText(origin, { shareBatchNum: 'abcdefghjkmnpqrs' }, 'en')).toBe(
      'https://cloud.example.com/share/abcdefghjkmnpqrs',
    );
  });

  it('is the share text with link and code for a share with an extraction code, in the reader’s language', () => {
    const share = { shareBatchNum: 'abcdefghjkmnpqrs', extractionCode: 'x7afhj' };
    expect(copiedShareText(origin, share, 'zh-CN')).toBe(
      '链接：https://cloud.example.com/share/abcdefghjkmnpqrs 提取码：x7afhj',
    );
    expect(copiedShareText(origin, share, 'en')).toBe(
      'Link: https://cloud.example.com/share/abcdefghjkmnpqrs Extraction code: x7afhj',
    );
  });
});
