import { z } from 'zod';

/** An optional text filter in a query: trimmed, at most `max` characters, and absent when empty. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);
