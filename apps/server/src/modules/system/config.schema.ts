import { envelopeOf, pageNumber, pageOf } from '@kerf/contract';
import { z } from 'zod';

/** Lengths of a parameter's fields (the columns of `sys_config`). */
export const CONFIG_LIMITS = { keyMax: 100, nameMax: 100, valueMax: 2000, remarkMax: 500 } as const;

/** A parameter key: letters, digits, dot, dash and underscore (`sys.account.registerUser`). */
export const CONFIG_KEY_PATTERN = /^[A-Za-z0-9_.-]+$/;

export const configKeyParams = z.object({
  key: z
    .string()
    .min(1)
    .max(CONFIG_LIMITS.keyMax)
    .regex(CONFIG_KEY_PATTERN, 'letters, digits, dot, dash and underscore only'),
});

export const configValueResponse = envelopeOf(z.string().describe('the parameter value'));

export const configValueBody = z.object({ configValue: z.string().max(CONFIG_LIMITS.valueMax) });

export const idParams = z.object({ id: z.string().uuid() });

export const configListQuery = z.object({
  configName: z.string().trim().max(CONFIG_LIMITS.nameMax).optional(),
  configKey: z.string().trim().max(CONFIG_LIMITS.keyMax).optional(),
  /** `true`: Kerf's own parameters only; `false`: those added by staff. */
  builtin: z.enum(['true', 'false']).optional(),
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** Its pattern is checked by the service, which words the refusal. */
const configFields = {
  configKey: z.string().trim().min(1).max(CONFIG_LIMITS.keyMax),
  configValue: z.string().max(CONFIG_LIMITS.valueMax),
  configName: z.string().trim().min(1).max(CONFIG_LIMITS.nameMax),
  remark: z.string().max(CONFIG_LIMITS.remarkMax).default(''),
};
export const configBody = z.object(configFields);
export const configUpdateBody = z.object({ id: z.string().uuid(), ...configFields });

const configItem = z.object({
  id: z.string(),
  configKey: z.string(),
  configValue: z.string(),
  configName: z.string(),
  builtin: z.boolean().describe('ships with Kerf: its key stays and it cannot be deleted'),
  remark: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const configResponse = envelopeOf(configItem);
export const configPageResponse = envelopeOf(pageOf(configItem));
