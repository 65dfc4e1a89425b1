import { envelopeOf, LOCALES, OPER_STATUSES, pageNumber, pageOf } from '@kerf/contract';
import { z } from 'zod';

const limit = z.coerce.number().int().min(1).max(100).default(10);

const loginFilters = {
  /** Part of the (masked) account or of the person's login or nick name; a full account is matched masked. */
  account: z.string().trim().max(254).optional(),
  ip: z.string().trim().max(64).optional(),
  /** `0` signed in, `1` refused. */
  status: z.enum(OPER_STATUSES).optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
};
export const loginLogQuery = z.object({ ...loginFilters, page: pageNumber, limit });
export const loginExportQuery = z.object({
  ...loginFilters,
  format: z.enum(['csv', 'xlsx']).default('xlsx'),
  /** The app's language (a download link sends the browser's, not the app's). */
  lang: z.enum(LOCALES).optional(),
});

const loginLogItem = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  loginName: z.string(),
  nickName: z.string(),
  account: z.string().describe('masked as stored'),
  grantType: z.string(),
  ip: z.string(),
  browser: z.string(),
  os: z.string(),
  status: z.enum(OPER_STATUSES),
  reason: z.string().describe('why a sign-in was refused (bad-credentials, locked…); empty for a success'),
  createdAt: z.string(),
});
/** `capped`: there are more than `total` entries (totals are counted up to 10,000). */
export const loginLogPageResponse = envelopeOf(pageOf(loginLogItem).extend({ capped: z.boolean() }));
export const cleanResponse = envelopeOf(z.object({ removed: z.number().int() }));

export const onlineQuery = z.object({
  userName: z.string().trim().max(64).optional(),
  ip: z.string().trim().max(64).optional(),
  page: pageNumber,
  limit,
});
export const sessionParams = z.object({ sessionId: z.string().uuid() });

const onlineSession = z.object({
  sessionId: z.string(),
  userId: z.string(),
  loginName: z.string(),
  nickName: z.string(),
  loginType: z.string(),
  ip: z.string(),
  browser: z.string(),
  os: z.string(),
  createdAt: z.string().describe('signed in at'),
  lastSeenAt: z.string(),
  current: z.boolean().describe("the caller's own session"),
});
export const onlinePageResponse = envelopeOf(pageOf(onlineSession));
