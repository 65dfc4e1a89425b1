import { RequestError } from '../../../api/request';

/**
 * What a refused share call means for the page (answers of @kerf/contract share.ts): the share is
 * gone (404) or expired (410), the code is wrong (403), the share is locked after too many wrong
 * codes (423), or this address tries too often (429). Anything else is a plain failure.
 */
export type ShareProblem = 'notFound' | 'expired' | 'wrongCode' | 'locked' | 'throttled' | 'other';

const BY_STATUS: Record<number, ShareProblem> = {
  404: 'notFound',
  410: 'expired',
  403: 'wrongCode',
  423: 'locked',
  429: 'throttled',
};

export function shareProblemOf(error: unknown): ShareProblem {
  if (!(error instanceof RequestError)) return 'other';
  if (error.kind !== 'business' && error.kind !== 'http') return 'other';
  return BY_STATUS[error.status ?? error.code ?? 0] ?? BY_STATUS[error.code ?? 0] ?? 'other';
}

/** Problems that end the visit: nothing of the share is shown any more. */
export function isFinalProblem(problem: ShareProblem): boolean {
  return problem === 'notFound' || problem === 'expired';
}

/** Problems that send the visitor back to the code form. */
export function isCodeProblem(problem: ShareProblem): boolean {
  return problem === 'wrongCode' || problem === 'locked' || problem === 'throttled';
}
