import { CONVERSATION_STATUSES, envelopeOf, pageNumber, pageOf, SUPPORT_LIMITS, SUPPORT_SIDES } from '@kerf/contract';
import { z } from 'zod';

export const idParams = z.object({ id: z.string() });
export const messageIdParams = z.object({ messageId: z.string() });

const clientId = z.string().trim().min(1).max(SUPPORT_LIMITS.clientIdMax);
export const sendBody = z.object({ clientId, text: z.string().max(SUPPORT_LIMITS.textMax * 4) });
export const readBody = z.object({ seq: z.coerce.number().int().min(0) });
export const visitorBody = z.object({
  name: z.string().max(SUPPORT_LIMITS.visitorNameMax * 2),
  contact: z.string().max(SUPPORT_LIMITS.contactMax * 2),
  captchaUuid: z.string().max(100).optional(),
  captchaCode: z.string().max(20).optional(),
});
export const messagesQuery = z.object({
  after: z.coerce.number().int().min(0).optional(),
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(SUPPORT_LIMITS.pageMax).default(30),
  q: z.string().trim().max(100).optional(),
  visitor: z.string().max(200).optional(),
});
export const attachmentQuery = z.object({ visitor: z.string().max(200).optional() });
export const queueQuery = z.object({
  status: z.enum(CONVERSATION_STATUSES).optional(),
  assignee: z.union([z.enum(['me', 'none']), z.string().uuid()]).optional(),
  q: z.string().trim().max(100).optional(),
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(SUPPORT_LIMITS.pageMax).default(20),
});
export const searchQuery = z.object({
  q: z.string().trim().min(1).max(100),
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(SUPPORT_LIMITS.pageMax).default(20),
});
export const assignBody = z.object({ assigneeId: z.string().uuid().optional() });
export const quickReplyBody = z.object({
  title: z.string().max(SUPPORT_LIMITS.quickReplyTitleMax),
  body: z.string().max(SUPPORT_LIMITS.quickReplyBodyMax),
  orderNum: z.coerce.number().int().min(0).max(9999).optional(),
});

const attachment = z.object({
  name: z.string(),
  size: z.number(),
  mime: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
});
export const message = z.object({
  id: z.string(),
  conversationId: z.string(),
  seq: z.number().int(),
  side: z.enum(SUPPORT_SIDES),
  senderName: z.string(),
  clientId: z.string(),
  kind: z.enum(['text', 'image', 'file']),
  text: z.string(),
  attachment: attachment.nullable(),
  createdAt: z.string(),
});
export const conversation = z.object({
  id: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  userId: z.string().nullable(),
  customerName: z.string(),
  contact: z.string(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string(),
  lastSeq: z.number().int(),
  lastText: z.string(),
  lastMessageAt: z.string().nullable(),
  customerReadSeq: z.number().int(),
  staffReadSeq: z.number().int(),
  unread: z.number().int(),
  createdAt: z.string(),
});
const quickReply = z.object({ id: z.string(), title: z.string(), body: z.string(), orderNum: z.number().int() });

export const conversationResponse = envelopeOf(conversation);
export const maybeConversationResponse = envelopeOf(conversation.nullable());
export const visitorResponse = envelopeOf(z.object({ token: z.string(), conversation }));
export const messageResponse = envelopeOf(message);
export const messagePageResponse = envelopeOf(z.object({ list: z.array(message), hasMore: z.boolean() }));
export const readResponse = envelopeOf(z.object({ seq: z.number().int().nullable() }));
export const queueResponse = envelopeOf(pageOf(conversation));
export const searchResponse = envelopeOf(pageOf(z.object({ message, customerName: z.string() })));
export const agentsResponse = envelopeOf(
  z.array(z.object({ id: z.string(), name: z.string(), open: z.number().int() })),
);
export const customerResponse = envelopeOf(
  z.object({
    userId: z.string().nullable(),
    name: z.string(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    contact: z.string(),
    createdAt: z.string().nullable(),
    lastLoginAt: z.string().nullable(),
    devices: z.array(
      z.object({ id: z.string(), name: z.string(), serial: z.string(), model: z.string(), state: z.string() }),
    ),
  }),
);
export const quickRepliesResponse = envelopeOf(z.array(quickReply));
export const quickReplyResponse = envelopeOf(quickReply);
export const emptyResponse = envelopeOf(z.null());
