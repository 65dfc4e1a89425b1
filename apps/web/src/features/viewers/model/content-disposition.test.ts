import { describe, expect, it } from 'vitest';
import { fileNameOf } from './content-disposition';

describe('fileNameOf', () => {
  it('prefers the UTF-8 name and decodes it', () => {
    expect(fileNameOf(`inline; filename="a.pdf"; filename*=UTF-8''%E5%9B%BE%E7%BA%B8.pdf`)).toBe('图纸.pdf');
  });

  it('reads a plain name, quoted or not', () => {
    expect(fileNameOf('inline; filename="plan 2.pdf"')).toBe('plan 2.pdf');
    expect(fileNameOf('attachment; filename=plan.pdf')).toBe('plan.pdf');
  });

  it('gives nothing without a name, and survives broken escapes', () => {
    expect(fileNameOf(null)).toBe('');
    expect(fileNameOf('inline')).toBe('');
    expect(fileNameOf(`inline; filename="x.pdf"; filename*=UTF-8''%E5%ZZ`)).toBe('x.pdf');
  });
});
