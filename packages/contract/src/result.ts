/** Envelope types and result codes without any runtime dependency, so the web bundle stays lean. */

/**
 * Response codes inside the `{code, msg, data}` envelope (SPEC §7-§8). `code` 0 is success; other
 * codes carry meaning for the client: 422 asks the user to sign in again, 432 is passed back as is,
 * 500/100 show the message as an error toast.
 */
export const ResultCode = {
  ok: 0,
  error: 500,
  legacyError: 100,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  sessionExpired: 422,
  passThrough: 432,
  tooManyRequests: 429,
} as const;

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface Page<T> {
  list: T[];
  page: number;
  limit: number;
  total: number;
}
