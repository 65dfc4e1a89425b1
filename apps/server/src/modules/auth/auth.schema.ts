import { envelopeOf } from '@kerf/contract';
import { z } from 'zod';

const field = z.string().max(512).optional();

/** SPEC §7: form-encoded (or JSON) token request. */
export const tokenRequest = z.object({
  client_id: z.string().max(64).default(''),
  client_secret: z.string().max(256).default(''),
  grant_type: z.enum(['password', 'code', 'wechat']),
  login_type: z.string().max(16).optional(),
  account: field,
  password: field,
  code: field,
  uuid: field,
  ticket: field,
});

const userInfo = z.object({ loginType: z.string(), nickName: z.string(), avatar: z.string().nullable() });

/** Success carries token and user_info at the top level (SPEC §7) and, for envelope readers, in data. */
export const tokenResponse = z.object({
  code: z.number(),
  msg: z.string(),
  token: z.string(),
  user_info: userInfo,
  data: z.object({ token: z.string(), user_info: userInfo }),
});

export const scopeBody = z.object({ scope: z.string().max(32).optional() }).nullish();

export const publicUser = z.object({
  userId: z.string(),
  loginName: z.string(),
  nickName: z.string(),
  avatar: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});

/** What this installation offers that the web must know before showing it. */
export const installationFeatures = z.object({
  onlineOffice: z
    .boolean()
    .describe('an online document server (ONLYOFFICE_URL) is configured: office files can be edited and created'),
});

export const permsResponse = envelopeOf(
  z.object({
    user: publicUser,
    roles: z.array(z.string()),
    permissions: z.array(z.string()),
    features: installationFeatures,
  }),
);

interface RouterEntry {
  key: string;
  path: string;
  icon: string;
  title: { 'zh-CN': string; en: string };
  children?: RouterEntry[];
}
const routerEntry: z.ZodType<RouterEntry> = z.lazy(() =>
  z.object({
    key: z.string(),
    path: z.string().describe('a directory opens its first page the caller may see'),
    icon: z.string(),
    title: z.object({ 'zh-CN': z.string(), en: z.string() }),
    children: z.array(routerEntry).optional().describe('a directory: its pages the caller may see, in order'),
  }),
);

export const routersResponse = envelopeOf(z.array(routerEntry));

/** An administrator lifts the sign-in locks on an account (mobile number or e-mail address). */
export const unlockAccountBody = z.object({ account: z.string().min(1).max(254) });
