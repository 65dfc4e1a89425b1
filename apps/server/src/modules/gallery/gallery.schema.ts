import {
  CURRENCIES,
  envelopeOf,
  GALLERY_LIMITS,
  GALLERY_SORTS,
  OBJECT_STATES,
  pageNumber,
  pageOf,
} from '@kerf/contract';
import { z } from 'zod';

const limit = z.coerce.number().int().min(1).max(GALLERY_LIMITS.pageMax).default(GALLERY_LIMITS.pageDefault);
const keyword = z.string().trim().max(GALLERY_LIMITS.keywordMax).optional();
/** Minor units; beyond a 32-bit integer nothing is priced, so larger is refused rather than sent to SQL. */
const minor = z.coerce.number().int().min(0).max(2_147_483_647).optional();
/** `free=1` / `true`: only objects that cost nothing. */
const flag = z
  .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
  .optional()
  .transform((v) => v === '1' || v === 'true');

export const mineQuery = z.object({ keyword, state: z.enum(OBJECT_STATES).optional(), page: pageNumber, limit });
export const shopQuery = z.object({
  keyword,
  format: z.string().max(8).optional(),
  material: z.string().max(100).optional(),
  machine: z.string().max(100).optional(),
  tag: z.string().max(20).optional(),
  free: flag,
  currency: z.enum(CURRENCIES).optional(),
  priceMin: minor,
  priceMax: minor,
  sort: z.enum(GALLERY_SORTS).default('new'),
  page: pageNumber,
  limit,
});
export const recommendedQuery = z.object({
  limit: z.coerce.number().int().min(1).max(GALLERY_LIMITS.recommendedMax).default(12),
});
export const picksBody = z.object({ ids: z.array(z.string().uuid()).max(GALLERY_LIMITS.picksMax * 2) });
export const idParams = z.object({ id: z.string().uuid() });
export const pageQuery = z.object({ page: pageNumber, limit });

export const card = z.object({
  id: z.string(),
  fileName: z.string(),
  coverId: z.string().nullable(),
  formats: z.array(z.string()),
  price: z.number().int(),
  currency: z.enum(CURRENCIES),
  state: z.enum(OBJECT_STATES),
  listed: z.boolean(),
  ownerName: z.string(),
  material: z.string(),
  machine: z.string(),
  tags: z.array(z.string()),
  likes: z.number().int(),
  favourites: z.number().int(),
  downloads: z.number().int(),
  liked: z.boolean(),
  favourited: z.boolean(),
  picked: z.boolean(),
  updatedAt: z.string(),
});
export const cardPageResponse = envelopeOf(pageOf(card));
export const cardListResponse = envelopeOf(z.array(card));
export const countResponse = envelopeOf(z.number().int());
export const facetsResponse = envelopeOf(
  z.object({
    formats: z.array(z.string()),
    materials: z.array(z.string()),
    machines: z.array(z.string()),
    tags: z.array(z.string()),
  }),
);
