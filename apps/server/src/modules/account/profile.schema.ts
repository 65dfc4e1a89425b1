import { envelopeOf, NICK_NAME_MAX } from '@kerf/contract';
import { z } from 'zod';
import { publicUser } from '../auth/auth.schema.js';

export const profileResponse = envelopeOf(
  z.object({
    user: publicUser,
    bindings: z.object({
      mobile: z.string().nullable(),
      email: z.string().nullable(),
      wechat: z.object({ nickName: z.string(), avatar: z.string().nullable() }).nullable(),
    }),
    wechatEnabled: z.boolean(),
  }),
);

export const renameBody = z.object({ nickName: z.string().max(NICK_NAME_MAX * 2) });
export const avatarResponse = envelopeOf(z.object({ avatar: z.string() }));
export const passwordBody = z.object({ oldPassword: z.string().max(64), newPassword: z.string().max(64) });
export const bindBody = z.object({ account: z.string().max(254), code: z.string().max(16) });
export const unbindQuery = z.object({ kind: z.enum(['mobile', 'email', 'wechat']) });
export const avatarParams = z.object({ name: z.string().max(80) });

export const signInsResponse = envelopeOf(
  z.array(
    z.object({
      createdAt: z.string(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      grantType: z.string(),
      success: z.boolean(),
      reason: z.string().nullable(),
    }),
  ),
);
