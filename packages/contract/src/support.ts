import type { Bilingual } from './locale.js';

/**
 * Customer-service chat (SPEC §1: "an online customer-service chat" in every page's help menu). A
 * person — signed in, or a visitor who leaves a name and a contact — has one conversation with the
 * maker's staff; staff holding SUPPORT_PERMISSIONS.chat answer it from /sysm/support.
 *
 * All under /cloud-api:
 * - `GET  /support/mine` → my open conversation with its unread count, or null when there is none.
 *   Visitors send `X-Support-Visitor: <token>` (their conversation, closed or not).
 * - `POST /support/mine` → my open conversation, opened now when there is none (signed in only).
 * - `POST /support/visitor` `{name, contact, captchaUuid, captchaCode}` → `{token, conversation}`:
 *   a visitor's conversation; the token is shown once and kept by the browser.
 * - `GET  /support/conversations/:id/messages` `{after?, before?, limit?, q?}` → `{list, hasMore}`,
 *   messages in seq order (after: newer than a seq, for catching up; before: older, for scrolling
 *   back; neither: the newest page; q: only those whose text has it).
 * - `POST /support/conversations/:id/messages` `{clientId, text}` → the message (the same one again
 *   for a clientId already used: a retry never duplicates).
 * - `POST /support/conversations/:id/attachments` multipart `clientId`, `file` → the message.
 * - `GET  /support/attachments/:messageId` → the attachment's bytes (images re-encoded, everything
 *   else as a download), for the conversation's person (session cookie, or `?visitor=`) and staff.
 * - `POST /support/conversations/:id/read` `{seq}` → marks read up to seq (the caller's side).
 * - Staff (`support:chat:serve`): `GET /support/queue` `{status?, assignee?: 'me'|'none'|id, q?,
 *   page, limit}` → `{list, total}` (conversations with at least one message, newest first);
 *   `POST /support/conversations/:id/assign` `{assigneeId?}` (none: take it myself;
 *   another: transfer); `POST /support/conversations/:id/close`; `GET /support/conversations/:id/customer`
 *   (the person's account and machines); `GET /support/agents` (who can be transferred to);
 *   `GET /support/messages/search` `{q, page, limit}` (the whole history);
 *   quick replies `GET|POST /support/quick-replies`, `PUT|DELETE /support/quick-replies/:id`.
 * - `GET /support/live` (WebSocket, token as `?token=`, the session cookie, or `?visitor=`): see
 *   SupportClientFrame and SupportServerFrame.
 */
export const SUPPORT_PATHS = {
  /** GET: my conversation; POST: open one. */
  mine: '/support/mine',
  visitor: '/support/visitor',
  messages: '/support/conversations/:id/messages',
  attachments: '/support/conversations/:id/attachments',
  attachment: '/support/attachments/:messageId',
  read: '/support/conversations/:id/read',
  queue: '/support/queue',
  assign: '/support/conversations/:id/assign',
  close: '/support/conversations/:id/close',
  customer: '/support/conversations/:id/customer',
  agents: '/support/agents',
  search: '/support/messages/search',
  quickReplies: '/support/quick-replies',
  quickReply: '/support/quick-replies/:id',
  live: '/support/live',
} as const;

export const SUPPORT_PERMISSIONS = {
  /** Answer customers: the queue, conversations, quick replies, the customer's account beside the chat. */
  chat: 'support:chat:serve',
} as const;

/** The header (and `?visitor=` on the socket) a visitor's browser sends its conversation token in. */
export const SUPPORT_VISITOR_HEADER = 'x-support-visitor';

export const SUPPORT_LIMITS = {
  textMax: 2000,
  visitorNameMax: 40,
  contactMax: 100,
  quickReplyTitleMax: 40,
  quickReplyBodyMax: 1000,
  /** Pictures shown in the chat; re-encoded by the server. */
  imageMaxBytes: 10 * 1024 * 1024,
  /** Any other file, always served as a download. */
  fileMaxBytes: 20 * 1024 * 1024,
  /** Messages one person (or visitor) may send per window before the rest are refused. */
  messagesPerWindow: 20,
  windowSeconds: 10,
  /** Visitor conversations one address may open per hour. */
  visitorsPerHour: 10,
  /** Typing signals are sent at most this often, and shown this long. */
  typingEveryMs: 2500,
  typingShownMs: 5000,
  pageMax: 100,
  clientIdMax: 64,
} as const;

export const SUPPORT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const CONVERSATION_STATUSES = ['waiting', 'open', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const SUPPORT_SIDES = ['customer', 'staff', 'system'] as const;
export type SupportSide = (typeof SUPPORT_SIDES)[number];

export type SupportMessageKind = 'text' | 'image' | 'file';

export interface SupportAttachment {
  name: string;
  size: number;
  mime: string;
  /** Pictures only. */
  width?: number;
  height?: number;
}

export interface SupportMessage {
  id: string;
  conversationId: string;
  /** 1, 2, 3… within the conversation, given by the server: the order, and how gaps are found. */
  seq: number;
  side: SupportSide;
  /** The staff member's display name on staff messages; empty otherwise. */
  senderName: string;
  /** The id the sending client chose, so a retry is recognised. */
  clientId: string;
  kind: SupportMessageKind;
  text: string;
  attachment: SupportAttachment | null;
  createdAt: string;
}

export interface SupportConversation {
  id: string;
  status: ConversationStatus;
  /** The signed-in person, or null for a visitor. */
  userId: string | null;
  customerName: string;
  /** A visitor's contact (e-mail, mobile or any text they left). */
  contact: string;
  assigneeId: string | null;
  assigneeName: string;
  lastSeq: number;
  lastText: string;
  lastMessageAt: string | null;
  /** The highest seq each side has read. */
  customerReadSeq: number;
  staffReadSeq: number;
  /** Messages from the other side the caller has not read. */
  unread: number;
  createdAt: string;
}

/** A message the staff's history search found, with whose conversation it is in. */
export interface SupportSearchHit {
  message: SupportMessage;
  customerName: string;
}

export interface SupportQuickReply {
  id: string;
  title: string;
  body: string;
  orderNum: number;
}

export interface SupportAgent {
  id: string;
  name: string;
  /** Open conversations assigned to them. */
  open: number;
}

/** What the staff console shows beside a conversation. */
export interface SupportCustomer {
  userId: string | null;
  name: string;
  email: string | null;
  mobile: string | null;
  contact: string;
  createdAt: string | null;
  lastLoginAt: string | null;
  devices: { id: string; name: string; serial: string; model: string; state: string }[];
}

/* ---- the socket ---- */

/** Client → server. */
export type SupportClientFrame =
  | { type: 'send'; conversationId: string; clientId: string; text: string }
  | { type: 'read'; conversationId: string; seq: number }
  | { type: 'typing'; conversationId: string }
  /** Staff consoles: hear every conversation's changes (needs SUPPORT_PERMISSIONS.chat). */
  | { type: 'watch-queue' }
  | { type: 'ping' };

/** Server → client. */
export type SupportServerFrame =
  | { type: 'hello'; side: 'customer' | 'staff' }
  | { type: 'message'; message: SupportMessage }
  /** The answer to a `send`: the stored message (also for a clientId stored before). */
  | { type: 'ack'; clientId: string; message: SupportMessage }
  | { type: 'read'; conversationId: string; side: 'customer' | 'staff'; seq: number }
  | { type: 'typing'; conversationId: string; side: 'customer' | 'staff' }
  /** Staff consoles watching the queue: a conversation changed (new message, assignment, status). */
  | { type: 'conversation'; conversation: SupportConversation }
  | { type: 'error'; clientId?: string; code: number; msg: string }
  | { type: 'pong' };

export const supportMessages = {
  textRequired: { 'zh-CN': '请输入消息内容', en: 'Type a message first' },
  textTooLong: { 'zh-CN': '消息不能超过2000个字符', en: 'A message cannot be longer than 2,000 characters' },
  tooFast: { 'zh-CN': '发送太频繁，请稍后再试', en: 'You are sending too fast. Wait a moment and try again' },
  conversationNotFound: { 'zh-CN': '会话不存在', en: 'That conversation does not exist' },
  conversationClosed: { 'zh-CN': '会话已结束', en: 'This conversation has ended' },
  visitorNameRequired: { 'zh-CN': '请输入称呼', en: 'Enter your name' },
  contactRequired: { 'zh-CN': '请留下联系方式', en: 'Leave a way to reach you' },
  visitorTokenInvalid: {
    'zh-CN': '访客会话已失效，请重新开始',
    en: 'Your visitor conversation has expired. Start a new one',
  },
  tooManyVisitors: {
    'zh-CN': '访客会话过多，请稍后再试',
    en: 'Too many visitor conversations from here. Try again later',
  },
  imageTooLarge: { 'zh-CN': '图片不能超过10MB', en: 'A picture cannot exceed 10 MB' },
  fileTooLarge: { 'zh-CN': '文件不能超过20MB', en: 'A file cannot exceed 20 MB' },
  notImage: { 'zh-CN': '无法识别的图片', en: 'That picture cannot be read' },
  fileRequired: { 'zh-CN': '请选择文件', en: 'Choose a file' },
  agentNotFound: { 'zh-CN': '客服不存在', en: 'That agent does not exist' },
  quickReplyRequired: { 'zh-CN': '快捷回复的标题和内容不能为空', en: 'A quick reply needs a title and a text' },
  quickReplyNotFound: { 'zh-CN': '快捷回复不存在', en: 'That quick reply does not exist' },
  closedNotice: { 'zh-CN': '会话已结束，感谢你的咨询', en: 'The conversation has ended. Thank you for asking' },
  /** {0}: the staff member's name. */
  assignedNotice: { 'zh-CN': '客服 {0} 为你服务', en: '{0} is here to help you' },
  /** The notice an unread answer sends to a bound e-mail or mobile. */
  offlineSubject: { 'zh-CN': 'Kerf 客服回复了你的咨询', en: 'Kerf support answered you' },
  /** {0}: the start of the answer; {1}: where to read it. */
  offlineText: {
    'zh-CN': 'Kerf 客服回复了你：“{0}”。打开 {1} 查看并继续对话。',
    en: 'Kerf support answered you: “{0}”. Open {1} to read it and reply.',
  },
} as const satisfies Record<string, Bilingual>;

/** A message's length as people count it (code points, so an emoji is one). */
export function supportTextLength(text: string): number {
  return [...text].length;
}

/** The first rule a typed message breaks, or null. */
export function supportTextProblem(text: string): 'textRequired' | 'textTooLong' | null {
  if (!text.trim()) return 'textRequired';
  if (supportTextLength(text) > SUPPORT_LIMITS.textMax) return 'textTooLong';
  return null;
}
