import { describe, expect, it } from 'vitest';
import { excerpt, openedFeedbackId, statusChoices, triageQueryOf } from './feedback-view';

describe('feedback views', () => {
  it('opens the feedback a link names, and nothing for what is no id', () => {
    expect(openedFeedbackId('?id=3F1C0C8E-0000-4000-8000-000000000000')).toBe('3f1c0c8e-0000-4000-8000-000000000000');
    expect(openedFeedbackId(new URLSearchParams({ id: ' 3f1c0c8e-0000-4000-8000-000000000000 ' }))).toBe(
      '3f1c0c8e-0000-4000-8000-000000000000',
    );
    expect(openedFeedbackId('?id=../../etc')).toBeNull();
    expect(openedFeedbackId('')).toBeNull();
  });

  it('sends only known filters, the words trimmed', () => {
    expect(triageQueryOf({ status: 'new', category: 'bug', q: '  fan  ' })).toEqual({
      status: 'new',
      category: 'bug',
      q: 'fan',
    });
    expect(triageQueryOf({ status: 'lost', category: '', q: '   ' })).toEqual({});
    expect(triageQueryOf({ q: 'x'.repeat(150) }).q).toHaveLength(100);
  });

  it('cuts a long text on one line', () => {
    expect(excerpt('short', 10)).toBe('short');
    expect(excerpt('line one\n\nline   two', 100)).toBe('line one line two');
    expect(excerpt('激光切割机不出光怎么办', 5)).toBe('激光切割机…');
  });

  it('offers staff every state but the current one, in the order work goes', () => {
    expect(statusChoices('new')).toEqual(['in_progress', 'resolved', 'closed']);
    expect(statusChoices('resolved')).toEqual(['new', 'in_progress', 'closed']);
  });
});
