import { envelopeOf, NOTICE_KINDS, pageNumber, pageOf } from '@kerf/contract';
import { z } from 'zod';

/** `unread=1` (or true): only the unread ones. */
const flag = z
  .enum(['1', '0', 'true', 'false'])
  .optional()
  .transform((value) => value === '1' || value === 'true');

export const listQuery = z.object({
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(100).default(10),
  unread: flag,
});
/** No ids: every notice of mine. */
export const readBody = z.object({ ids: z.array(z.string().uuid()).max(500).optional() }).nullish();

const notice = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  title: z.string(),
  text: z.string(),
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export const noticePageResponse = envelopeOf(pageOf(notice));
export const countResponse = envelopeOf(z.object({ count: z.number().int() }));
