import { envelopeOf } from '@kerf/contract';
import { z } from 'zod';

export const configKeyParams = z.object({
  key: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, dot, dash and underscore only'),
});

export const configValueResponse = envelopeOf(z.string().describe('the parameter value'));

export const configValueBody = z.object({ configValue: z.string().max(2000) });
