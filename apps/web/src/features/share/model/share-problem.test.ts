import { describe, expect, it } from 'vitest';
import { RequestError } from '../../../api/request';
import { isCodeProblem, isFinalProblem, shareProblemOf } from './share-problem';

const refused = (status: number, msg = '') =>
  new RequestError('x', 'business', status, undefined, { serverMessage: msg, status });

describe('share problems', () => {
  it('reads the HTTP status of a refused call', () => {
    expect(shareProblemOf(refused(404, '分享不存在或已被取消'))).toBe('notFound');
    expect(shareProblemOf(refused(410, '分享链接已过期'))).toBe('expired');
    expect(shareProblemOf(refused(403, '提取码错误'))).toBe('wrongCode');
    expect(shareProblemOf(refused(423))).toBe('locked');
    expect(shareProblemOf(refused(429))).toBe('throttled');
    expect(shareProblemOf(refused(400))).toBe('other');
  });

  it('falls back to the envelope code when no status came with it', () => {
    expect(shareProblemOf(new RequestError('x', 'business', 410))).toBe('expired');
  });

  it('does not mistake a transport failure or a plain error for a verdict on the share', () => {
    expect(shareProblemOf(new RequestError('x', 'network'))).toBe('other');
    expect(shareProblemOf(new RequestError('x', 'timeout'))).toBe('other');
    expect(shareProblemOf(new Error('boom'))).toBe('other');
  });

  it('tells final problems from code problems', () => {
    expect(isFinalProblem('expired')).toBe(true);
    expect(isFinalProblem('notFound')).toBe(true);
    expect(isFinalProblem('wrongCode')).toBe(false);
    expect(isCodeProblem('locked')).toBe(true);
    expect(isCodeProblem('throttled')).toBe(true);
    expect(isCodeProblem('other')).toBe(false);
  });
});
