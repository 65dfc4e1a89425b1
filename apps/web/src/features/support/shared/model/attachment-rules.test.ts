import { SUPPORT_LIMITS } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { attachmentKind, attachmentProblem, thumbnailSize } from './attachment-rules';

describe('attachment rules', () => {
  it('takes a picture by its type or by its name, as the server does', () => {
    expect(attachmentKind({ type: 'image/png', name: 'x' })).toBe('image');
    expect(attachmentKind({ type: '', name: 'photo.JPG' })).toBe('image');
    expect(attachmentKind({ type: 'image/svg+xml', name: 'logo.svg' })).toBe('file');
    expect(attachmentKind({ type: 'application/pdf', name: 'manual.pdf' })).toBe('file');
  });

  it('checks sizes against the contract’s limits', () => {
    expect(attachmentProblem({ type: 'image/png', name: 'a.png', size: 0 })).toBe('fileRequired');
    expect(attachmentProblem({ type: 'image/png', name: 'a.png', size: SUPPORT_LIMITS.imageMaxBytes })).toBeNull();
    expect(attachmentProblem({ type: 'image/png', name: 'a.png', size: SUPPORT_LIMITS.imageMaxBytes + 1 })).toBe(
      'imageTooLarge',
    );
    expect(
      attachmentProblem({ type: 'application/zip', name: 'a.zip', size: SUPPORT_LIMITS.imageMaxBytes + 1 }),
    ).toBeNull();
    expect(attachmentProblem({ type: 'application/zip', name: 'a.zip', size: SUPPORT_LIMITS.fileMaxBytes + 1 })).toBe(
      'fileTooLarge',
    );
  });

  it('fits a picture into a box keeping its shape, never enlarging it', () => {
    expect(thumbnailSize({ width: 1600, height: 800 }, 200)).toEqual({ width: 200, height: 100 });
    expect(thumbnailSize({ width: 300, height: 900 }, 200)).toEqual({ width: 67, height: 200 });
    expect(thumbnailSize({ width: 50, height: 40 }, 200)).toEqual({ width: 50, height: 40 });
    expect(thumbnailSize({}, 200)).toBeNull();
    expect(thumbnailSize(null, 200)).toBeNull();
  });
});
