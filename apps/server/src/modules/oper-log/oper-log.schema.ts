import { BUSINESS_TYPES, envelopeOf, LOCALES, OPER_STATUSES, pageNumber, pageOf } from '@kerf/contract';
import { z } from 'zod';

export const idParams = z.object({ id: z.string().uuid() });
export const listQuery = z.object({
  userName: z.string().trim().max(64).optional(),
  module: z.string().trim().max(50).optional(),
  businessType: z.enum(BUSINESS_TYPES).optional(),
  status: z.enum(OPER_STATUSES).optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const mineQuery = listQuery.omit({ userName: true });
/** The staff list's filters; the newest EXPORT_MAX entries they match, as a spreadsheet. */
export const exportQuery = listQuery.omit({ page: true, limit: true }).extend({
  format: z.enum(['csv', 'xlsx']).default('xlsx'),
  /** The app's language (a download link sends the browser's, not the app's). */
  lang: z.enum(LOCALES).optional(),
});

const operLog = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  userName: z.string(),
  module: z.string(),
  businessType: z.enum(BUSINESS_TYPES),
  method: z.string(),
  route: z.string(),
  url: z.string(),
  params: z.string(),
  status: z.enum(OPER_STATUSES),
  httpStatus: z.number().int(),
  errorMsg: z.string(),
  ip: z.string(),
  costMs: z.number().int(),
  createdAt: z.string(),
});
export const operLogResponse = envelopeOf(operLog);
/** `capped`: there are more than `total` entries (totals are counted up to 10,000). */
export const operLogPageResponse = envelopeOf(pageOf(operLog).extend({ capped: z.boolean() }));
export const cleanResponse = envelopeOf(z.object({ removed: z.number().int() }));
