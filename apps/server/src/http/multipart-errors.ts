/**
 * Failures of a multipart body that are the sender's fault, as busboy and @fastify/multipart raise
 * them: busboy's carry no status (they would be answered 500), so they are known by their message.
 */
const MALFORMED_MULTIPART = [
  /^Unexpected end of (form|multipart data)$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Malformed (part header|urlencoded form)$/,
  /^Unexpected end of file$/,
];

/** The request was closed mid-body, or the multipart body is truncated or not multipart at all. */
export function isMalformedMultipart(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (code === 'FST_MP_PREMATURE_CLOSE' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return true;
  return typeof message === 'string' && MALFORMED_MULTIPART.some((pattern) => pattern.test(message));
}
