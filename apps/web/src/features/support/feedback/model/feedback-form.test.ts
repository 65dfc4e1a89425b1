import { FEEDBACK_LIMITS, feedbackMessages } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import {
  addScreenshots,
  categoryProblem,
  characterCount,
  contactProblem,
  descriptionProblem,
  feedbackText,
  pastedName,
  screenshotProblem,
} from './feedback-form';

const picture = (name = 'a.png', size = 1000, type = 'image/png') => ({ name, size, type });

describe('the feedback form’s rules', () => {
  it('asks for a known category', () => {
    expect(categoryProblem(undefined)).toBe('categoryRequired');
    expect(categoryProblem('praise')).toBe('categoryRequired');
    expect(categoryProblem('bug')).toBeNull();
  });

  it('checks the description as the server does, counting characters not code units', () => {
    expect(descriptionProblem(undefined)).toBe('descriptionRequired');
    expect(descriptionProblem('   ')).toBe('descriptionRequired');
    expect(descriptionProblem('abcd')).toBe('descriptionTooShort');
    expect(descriptionProblem('激光不出光')).toBeNull();
    expect(descriptionProblem('😀'.repeat(FEEDBACK_LIMITS.descriptionMax))).toBeNull();
    expect(descriptionProblem('x'.repeat(FEEDBACK_LIMITS.descriptionMax + 1))).toBe('descriptionTooLong');
    expect(characterCount('😀a')).toBe(2);
  });

  it('wants a contact from visitors only, and not a long one', () => {
    expect(contactProblem('', false)).toBe('contactRequired');
    expect(contactProblem('  ', false)).toBe('contactRequired');
    expect(contactProblem('', true)).toBeNull();
    expect(contactProblem('me@example.com', false)).toBeNull();
    expect(contactProblem('x'.repeat(FEEDBACK_LIMITS.contactMax + 1), true)).toBe('contactTooLong');
  });

  it('says each rule in the contract’s words in both languages', () => {
    expect(feedbackText('contactRequired', 'zh-CN')).toBe(feedbackMessages.contactRequired['zh-CN']);
    expect(feedbackText('tooManyScreenshots', 'en')).toBe('At most 6 screenshots');
  });
});

describe('screenshots', () => {
  it('takes pictures up to 10 MB, by type or (with no type) by name', () => {
    expect(screenshotProblem(picture())).toBeNull();
    expect(screenshotProblem(picture('shot', 10, 'image/webp'))).toBeNull();
    expect(screenshotProblem(picture('shot.JPG', 10, ''))).toBeNull();
    expect(screenshotProblem(picture('notes.txt', 10, 'text/plain'))).toBe('screenshotNotImage');
    expect(screenshotProblem(picture('fake.png', 10, 'text/html'))).toBe('screenshotNotImage');
    expect(screenshotProblem(picture('empty.png', 0))).toBe('screenshotNotImage');
    expect(screenshotProblem(picture('big.png', FEEDBACK_LIMITS.screenshotMaxBytes))).toBeNull();
    expect(screenshotProblem(picture('big.png', FEEDBACK_LIMITS.screenshotMaxBytes + 1))).toBe('screenshotTooLarge');
  });

  it('adds what fits and names each broken rule once', () => {
    const files = [
      picture('1.png'),
      picture('a.txt', 5, 'text/plain'),
      picture('b.txt', 5, 'text/plain'),
      picture('2.png'),
    ];
    expect(addScreenshots(0, files)).toEqual({ added: [files[0], files[3]], problems: ['screenshotNotImage'] });
    const many = Array.from({ length: 4 }, (_, i) => picture(`${i}.png`));
    const result = addScreenshots(FEEDBACK_LIMITS.screenshotsMax - 2, many);
    expect(result.added).toEqual(many.slice(0, 2));
    expect(result.problems).toEqual(['tooManyScreenshots']);
    expect(addScreenshots(FEEDBACK_LIMITS.screenshotsMax, [picture()]).added).toEqual([]);
  });

  it('names a pasted picture by the moment it came', () => {
    const at = new Date('2026-05-04T09:30:15Z');
    expect(pastedName({ name: 'image.png', type: 'image/png' }, at)).toBe('screenshot-20260504-093015.png');
    expect(pastedName({ name: '', type: 'image/jpeg' }, at)).toBe('screenshot-20260504-093015.jpg');
    expect(pastedName({ name: 'error.png', type: 'image/png' }, at)).toBe('error.png');
  });
});
