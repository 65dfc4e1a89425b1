import {
  envelopeOf,
  FEEDBACK_CATEGORIES,
  FEEDBACK_LIMITS,
  FEEDBACK_STATUSES,
  pageNumber,
  pageOf,
} from '@kerf/contract';
import { z } from 'zod';

/** Ids are checked by the service: one that is no feedback's is "not found", whatever its shape. */
export const idParams = z.object({ id: z.string().max(100) });
export const screenshotParams = z.object({ screenshotId: z.string().max(100) });

const limit = z.coerce.number().int().min(1).max(FEEDBACK_LIMITS.pageMax).default(10);
export const mineQuery = z.object({ page: pageNumber, limit });
export const listQuery = z.object({
  status: z.enum(FEEDBACK_STATUSES).optional(),
  category: z.enum(FEEDBACK_CATEGORIES).optional(),
  q: z.string().trim().max(100).optional(),
  page: pageNumber,
  limit,
});
export const statusBody = z.object({ status: z.enum(FEEDBACK_STATUSES) });
/** The text's rules (required, at most 2,000 characters) are the service's, with the contract's messages. */
export const replyBody = z.object({
  text: z.string().max(FEEDBACK_LIMITS.replyMax * 4),
  status: z.enum(FEEDBACK_STATUSES).optional(),
});

const feedback = z.object({
  id: z.string(),
  category: z.enum(FEEDBACK_CATEGORIES),
  description: z.string(),
  contact: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  userId: z.string().nullable(),
  authorName: z.string(),
  screenshots: z.array(
    z.object({ id: z.string(), name: z.string(), size: z.number(), width: z.number(), height: z.number() }),
  ),
  replies: z.array(z.object({ id: z.string(), staffName: z.string(), text: z.string(), createdAt: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const feedbackResponse = envelopeOf(feedback);
export const feedbackPageResponse = envelopeOf(pageOf(feedback));
