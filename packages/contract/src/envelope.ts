import { z } from 'zod';

/** The zod schema of an envelope around `data`, for route response schemas and the OpenAPI document. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export const errorEnvelope = envelopeOf(z.unknown().nullable());

/**
 * The highest page a list query accepts: far past any real list (a million pages of 500), and low enough
 * that the row offset it makes stays a 32-bit integer in every database.
 */
export const MAX_PAGE = 1_000_000;

/** `page` in list queries: a whole number from 1 to MAX_PAGE, 1 by default. */
export const pageNumber = z.coerce.number().int().min(1).max(MAX_PAGE).default(1);

/** Pagination in queries: `page` from 1, `limit` rows per page (SPEC §9: drive lists default to 20). */
export const pageQuery = z.object({
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(500).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  });
}
