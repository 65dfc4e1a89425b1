import { CODE_SCENES, envelopeOf, NICK_NAME_MAX } from '@kerf/contract';
import { z } from 'zod';

const text = (max: number) => z.string().max(max).optional();

export const getCodeQuery = z.object({
  account: z.string().max(254),
  scene: z.enum(CODE_SCENES).default('login'),
  /** The image captcha's id and answer, needed once the server has answered `captchaRequired`. */
  uuid: z.string().max(64).optional(),
  captcha: z.string().max(16).optional(),
});

export const captchaImageResponse = envelopeOf(z.object({ uuid: z.string(), image: z.string() }));

export const checkUniqueBody = z.object({ account: z.string().max(254) });
export const checkUniqueResponse = envelopeOf(z.object({ unique: z.boolean() }));

export const registerBody = z.object({
  account: text(254),
  password: text(64),
  code: text(16),
  nickName: text(NICK_NAME_MAX * 2),
});

export const retrieveBody = z.object({ account: text(254), code: text(16), password: text(64) });
