import {
  envelopeOf,
  LOCALES,
  NICK_NAME_MAX,
  pageNumber,
  pageOf,
  SYSTEM_USER_LIMITS,
  USER_STATUSES,
} from '@kerf/contract';
import { z } from 'zod';

const limit = z.coerce.number().int().min(1).max(100).default(10);
const status = z.enum(USER_STATUSES);
const userId = z.string().uuid();
/** Their patterns (login name, mobile, e-mail, password) are checked by the service, which words the refusal. */
const text = (max: number) => z.string().trim().max(max);
/** Empty means "none" (a form's cleared field). */
const contact = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);
const roleKey = z.string().trim().min(1).max(64);
const quotaBytes = z.coerce.number().int().min(0).max(SYSTEM_USER_LIMITS.quotaMaxBytes);

export const idParams = z.object({ id: userId });

const filterFields = {
  keyword: text(SYSTEM_USER_LIMITS.keywordMax).optional(),
  status: status.optional(),
  roleKey: roleKey.optional(),
  /** Registered at or after (ISO time). */
  from: z.coerce.date().optional(),
  /** Registered before (ISO time). */
  to: z.coerce.date().optional(),
};
export const listQuery = z.object({ ...filterFields, page: pageNumber, limit });
export const exportQuery = z.object({
  ...filterFields,
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
  /** The app's language (a download link sends the browser's, not the app's). */
  lang: z.enum(LOCALES).optional(),
});
export const loginsQuery = z.object({ page: pageNumber, limit });

export const createBody = z.object({
  loginName: z.string().trim().min(1).max(64),
  nickName: z.string().trim().min(1).max(NICK_NAME_MAX),
  mobile: contact(40),
  email: contact(254),
  password: z.string().max(100),
  roleKeys: z.array(roleKey).max(SYSTEM_USER_LIMITS.roleKeysMax).default(['user']),
  quotaBytes: quotaBytes.optional(),
});
export const updateBody = z.object({
  userId,
  nickName: z.string().trim().min(1).max(NICK_NAME_MAX),
  mobile: contact(40),
  email: contact(254),
});
export const statusBody = z.object({ userId, status });
export const passwordBody = z.object({ userId, password: z.string().max(100) });
export const quotaBody = z.object({ userId, quotaBytes });
export const rolesBody = z.object({ userId, roleKeys: z.array(roleKey).max(SYSTEM_USER_LIMITS.roleKeysMax) });

const systemUser = z.object({
  id: z.string(),
  loginName: z.string(),
  nickName: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  status,
  roles: z.array(z.object({ roleKey: z.string(), roleName: z.string() })),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  quotaBytes: z.number().int(),
  usedBytes: z.number().int(),
});
const login = z.object({
  id: z.string(),
  createdAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  grantType: z.string(),
  success: z.boolean(),
  reason: z.string().nullable(),
});

export const userResponse = envelopeOf(systemUser);
export const userPageResponse = envelopeOf(pageOf(systemUser));
export const loginPageResponse = envelopeOf(pageOf(login));
export const quotaResponse = envelopeOf(z.object({ quotaBytes: z.number().int(), usedBytes: z.number().int() }));
