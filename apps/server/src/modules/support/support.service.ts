import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ADMIN_ROLE,
  type Bilingual,
  format,
  hasPermission,
  type Locale,
  SUPPORT_IMAGE_TYPES,
  SUPPORT_LIMITS,
  SUPPORT_PERMISSIONS,
  type SupportAgent,
  type SupportConversation,
  type SupportCustomer,
  type SupportMessage,
  type SupportQuickReply,
  type SupportSearchHit,
  supportMessages,
  supportTextProblem,
} from '@kerf/contract';
import { AppError } from '../../http/app-error.js';
import type { BlobStore } from '../../infra/blob/blob-store.js';
import type { Cache } from '../../infra/cache/cache.js';
import { cleanPicture } from '../../infra/image/clean-picture.js';
import type { AuthContext } from '../auth/auth.plugin.js';
import type {
  ConversationView,
  MessageRow,
  NewMessage,
  QueueFilter,
  QuickReplyRow,
  SupportRepository,
} from './support.repository.js';
import type { SupportBus } from './support-bus.js';

/** Who is calling: a signed-in person (staff or not), or a visitor by their conversation. */
export type SupportParty =
  | { kind: 'user'; userId: string; staff: boolean; name?: string }
  | { kind: 'visitor'; conversationId: string };

export type Side = 'customer' | 'staff';

export interface SupportDeps {
  conversations: SupportRepository;
  blobs: BlobStore;
  /** Records stored bytes before a row points at them (the drive's blob bookkeeping). */
  noteStored(blobs: Array<{ sha256: string; size: number }>): Promise<void>;
  cache: Cache;
  bus: SupportBus;
  /** The person's account and machines, for the staff beside the chat. */
  accountOf(userId: string): Promise<Omit<SupportCustomer, 'contact'> | null>;
}

/** How many times a customer's allowance an agent may send in a window. */
const STAFF_ALLOWANCE = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => AppError.notFound(supportMessages.conversationNotFound);
const tooFast = () => new AppError(429, supportMessages.tooFast, { code: 429 });

export function hashVisitorToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A signed-in caller as the chat knows them: staff when they hold the chat permission. */
export function partyOf(auth: AuthContext): SupportParty {
  return { kind: 'user', userId: auth.userId, staff: hasPermission(auth, SUPPORT_PERMISSIONS.chat) };
}

export function presentMessage(row: MessageRow, senderName = ''): SupportMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    seq: row.seq,
    side: row.side as SupportMessage['side'],
    senderName: row.side === 'staff' ? senderName : '',
    clientId: row.clientId,
    kind: row.kind as SupportMessage['kind'],
    text: row.body,
    attachment: row.sha256
      ? {
          name: row.fileName ?? '',
          size: row.fileSize ?? 0,
          mime: row.mime ?? 'application/octet-stream',
          ...(row.width && row.height ? { width: row.width, height: row.height } : {}),
        }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A conversation as one side sees it. Writing marks everything before as read by the writer's side (a
 * system message counts as staff's), so what follows a side's read mark is all the other side's: the
 * unread count is the distance to the last seq.
 */
export function presentConversation(view: ConversationView, side: Side): SupportConversation {
  const readSeq = side === 'customer' ? view.customerReadSeq : view.staffReadSeq;
  return {
    id: view.id,
    status: view.status as SupportConversation['status'],
    userId: view.userId,
    customerName: view.customerName,
    contact: view.contact,
    assigneeId: view.assigneeId,
    assigneeName: view.assigneeName,
    lastSeq: view.lastSeq,
    lastText: view.lastText,
    lastMessageAt: view.lastMessageAt?.toISOString() ?? null,
    customerReadSeq: view.customerReadSeq,
    staffReadSeq: view.staffReadSeq,
    unread: Math.max(0, view.lastSeq - readSeq),
    createdAt: view.createdAt.toISOString(),
  };
}

function text(message: Bilingual, locale: string, ...args: string[]) {
  return format(message[locale === 'en' ? 'en' : 'zh-CN'], ...args);
}

/** Customer-service chat: conversations, messages, attachments, reading, staff work and quick replies. */
export class SupportService {
  constructor(private readonly deps: SupportDeps) {}

  /* ---- reaching a conversation ---- */

  /** Any conversation, for staff; 404 for an id that is none. */
  private async conversation(id: string): Promise<ConversationView> {
    const view = UUID.test(id) ? await this.deps.conversations.view(id) : undefined;
    if (!view) throw notFound();
    return view;
  }

  /** The conversation the party may use, or 404 (never telling a stranger it exists). */
  async reach(party: SupportParty, conversationId: string): Promise<{ view: ConversationView; side: Side }> {
    const view = await this.conversation(conversationId);
    if (party.kind === 'visitor') {
      if (view.id !== party.conversationId) throw notFound();
      return { view, side: 'customer' };
    }
    if (view.userId === party.userId) return { view, side: 'customer' };
    if (party.staff) return { view, side: 'staff' };
    throw notFound();
  }

  async visitorConversation(token: string | null | undefined): Promise<ConversationView | null> {
    if (!token || token.length > 200) return null;
    return (await this.deps.conversations.byVisitorToken(hashVisitorToken(token))) ?? null;
  }

  async mine(party: SupportParty): Promise<SupportConversation | null> {
    const view =
      party.kind === 'visitor'
        ? await this.deps.conversations.view(party.conversationId)
        : await this.deps.conversations.currentOf(party.userId);
    return view ? presentConversation(view, 'customer') : null;
  }

  async open(userId: string, locale: Locale): Promise<SupportConversation> {
    return presentConversation(await this.deps.conversations.openFor(userId, locale), 'customer');
  }

  /** A visitor's conversation and the token that reaches it (kept by their browser, shown once). */
  async openForVisitor(
    input: { name: string; contact: string },
    locale: Locale,
    clientAddress: string,
  ): Promise<{ token: string; conversation: SupportConversation }> {
    const name = input.name.trim();
    const contact = input.contact.trim();
    if (!name) throw AppError.badRequest(supportMessages.visitorNameRequired);
    if (!contact) throw AppError.badRequest(supportMessages.contactRequired);
    const hour = Math.floor(Date.now() / 3_600_000);
    const opened = await this.deps.cache.increment(`support:visitors:${clientAddress}:${hour}`, 3_600_000);
    if (opened > SUPPORT_LIMITS.visitorsPerHour) {
      throw new AppError(429, supportMessages.tooManyVisitors, { code: 429 });
    }
    const token = randomBytes(24).toString('base64url');
    const view = await this.deps.conversations.openForVisitor(
      hashVisitorToken(token),
      name.slice(0, SUPPORT_LIMITS.visitorNameMax),
      contact.slice(0, SUPPORT_LIMITS.contactMax),
      locale,
    );
    return { token, conversation: presentConversation(view, 'customer') };
  }

  /* ---- messages ---- */

  async messages(
    party: SupportParty,
    conversationId: string,
    page: { after?: number; before?: number; limit: number; q?: string },
  ): Promise<{ list: SupportMessage[]; hasMore: boolean }> {
    await this.reach(party, conversationId);
    const { list, hasMore } = await this.deps.conversations.messages(conversationId, page);
    return { list: list.map((row) => presentMessage(row, row.senderName)), hasMore };
  }

  /** A text message; the same clientId again answers the message stored the first time. */
  async sendText(party: SupportParty, conversationId: string, clientId: string, body: string) {
    const problem = supportTextProblem(body);
    if (problem) throw AppError.badRequest(supportMessages[problem]);
    const { view, side } = await this.reach(party, conversationId);
    await this.throttle(party, side);
    return this.store(view, side, party, { clientId, kind: 'text', body: body.trim() }, body.trim());
  }

  /**
   * A picture or a file. Pictures are decoded and written again (cleanPicture); anything else is kept
   * as it came and only ever served as a download.
   */
  async sendAttachment(
    party: SupportParty,
    conversationId: string,
    clientId: string,
    file: { name: string; bytes: Buffer; mime: string },
  ) {
    const { view, side } = await this.reach(party, conversationId);
    await this.throttle(party, side);
    // by its type or its name: a picture that is not one is refused, not passed on as a file
    const claimsPicture =
      (SUPPORT_IMAGE_TYPES as readonly string[]).includes(file.mime) || /\.(png|jpe?g|webp|gif)$/i.test(file.name);
    let stored: Pick<NewMessage, 'kind' | 'mime' | 'width' | 'height'> & { bytes: Buffer };
    if (claimsPicture) {
      if (file.bytes.length > SUPPORT_LIMITS.imageMaxBytes) {
        throw new AppError(413, supportMessages.imageTooLarge, { code: 413 });
      }
      const picture = await cleanPicture(file.bytes);
      if (!picture) throw AppError.badRequest(supportMessages.notImage);
      stored = {
        kind: 'image',
        mime: picture.mime,
        width: picture.width,
        height: picture.height,
        bytes: picture.bytes,
      };
    } else {
      stored = { kind: 'file', mime: 'application/octet-stream', width: null, height: null, bytes: file.bytes };
    }
    const blob = await this.deps.blobs.put(Readable.from([stored.bytes]), { expectedSize: stored.bytes.length });
    await this.deps.noteStored([blob]);
    const { bytes: _, ...content } = stored;
    return this.store(
      view,
      side,
      party,
      { ...content, clientId, body: '', sha256: blob.sha256, fileName: file.name, fileSize: blob.size },
      `[${stored.kind === 'image' ? '🖼' : '📎'}] ${file.name}`,
    );
  }

  /** The attachment of a message the party may read. */
  async attachment(party: SupportParty, messageId: string) {
    if (!UUID.test(messageId)) throw AppError.notFound();
    const row = await this.deps.conversations.message(messageId);
    if (!row?.sha256) throw AppError.notFound();
    await this.reach(party, row.conversationId);
    return {
      sha256: row.sha256,
      name: row.fileName ?? 'file',
      mime: row.mime ?? 'application/octet-stream',
      size: row.fileSize ?? 0,
      inline: row.kind === 'image',
    };
  }

  async markRead(party: SupportParty, conversationId: string, seq: number): Promise<number | null> {
    const { view, side } = await this.reach(party, conversationId);
    const mark = await this.deps.conversations.markRead(conversationId, side, seq);
    if (mark !== null)
      await this.deps.bus.publish({ type: 'read', userId: view.userId, conversationId, side, seq: mark });
    return mark;
  }

  async typing(party: SupportParty, conversationId: string) {
    const { view, side } = await this.reach(party, conversationId);
    await this.deps.bus.publish({ type: 'typing', userId: view.userId, conversationId, side });
  }

  /** A fixed window per sender; staff answer many people at once, so their allowance is larger. */
  private async throttle(party: SupportParty, side: Side) {
    const who = party.kind === 'user' ? `u:${party.userId}` : `v:${party.conversationId}`;
    const windowMs = SUPPORT_LIMITS.windowSeconds * 1000;
    const count = await this.deps.cache.increment(`support:sent:${who}:${Math.floor(Date.now() / windowMs)}`, windowMs);
    const allowed = SUPPORT_LIMITS.messagesPerWindow * (side === 'staff' ? STAFF_ALLOWANCE : 1);
    if (count > allowed) throw tooFast();
  }

  private async store(
    view: ConversationView,
    side: Side | 'system',
    party: SupportParty | null,
    content: Omit<NewMessage, 'side' | 'senderId'>,
    preview: string,
  ): Promise<{ message: SupportMessage; created: boolean }> {
    const senderId = side === 'staff' && party?.kind === 'user' ? party.userId : null;
    const result = await this.deps.conversations.post(view.id, { ...content, side, senderId }, preview);
    if (!result) throw notFound();
    const senderName = side === 'staff' ? await this.staffName(senderId) : '';
    const message = presentMessage(result.message, senderName);
    if (result.created) {
      const after = { ...result.conversation, customerName: view.customerName, assigneeName: view.assigneeName };
      await this.deps.bus.publish({
        type: 'message',
        userId: after.userId,
        message,
        conversation: presentConversation(after, 'staff'),
      });
    }
    return { message, created: result.created };
  }

  private async staffName(userId: string | null): Promise<string> {
    return userId ? await this.deps.conversations.nameOf(userId) : '';
  }

  /* ---- staff ---- */

  async queue(filter: QueueFilter, page: { page: number; limit: number }, me: string) {
    const assignee = filter.assignee === 'me' ? me : filter.assignee;
    const { rows, total } = await this.deps.conversations.queue(
      { ...filter, assignee },
      { offset: (page.page - 1) * page.limit, limit: page.limit },
    );
    return { list: rows.map((row) => presentConversation(row, 'staff')), total };
  }

  /** Takes the conversation (no assignee given) or hands it to another agent. */
  async assign(staff: { userId: string }, conversationId: string, assigneeId?: string) {
    const target = assigneeId ?? staff.userId;
    const agent = (await this.agents()).find((a) => a.id === target);
    if (!agent) throw AppError.badRequest(supportMessages.agentNotFound);
    const view = await this.conversation(conversationId);
    if (view.assigneeId === target) return presentConversation(view, 'staff');
    await this.deps.conversations.assign(conversationId, target);
    const notice = text(supportMessages.assignedNotice, view.locale, agent.name);
    await this.store(
      view,
      'system',
      null,
      { clientId: `assign-${Date.now()}-${target}`, kind: 'text', body: notice },
      notice,
    );
    return this.announce(conversationId);
  }

  async close(conversationId: string) {
    const view = await this.conversation(conversationId);
    if (view.status !== 'closed') {
      const notice = text(supportMessages.closedNotice, view.locale);
      await this.store(view, 'system', null, { clientId: `close-${Date.now()}`, kind: 'text', body: notice }, notice);
      await this.deps.conversations.close(conversationId);
    }
    return this.announce(conversationId);
  }

  /** Tells every console (and the customer's sockets) how a conversation stands now. */
  private async announce(conversationId: string) {
    const view = (await this.deps.conversations.view(conversationId))!;
    const conversation = presentConversation(view, 'staff');
    await this.deps.bus.publish({ type: 'conversation', userId: view.userId, conversation });
    return conversation;
  }

  async agents(): Promise<SupportAgent[]> {
    const people = await this.deps.conversations.holders(SUPPORT_PERMISSIONS.chat, ADMIN_ROLE);
    const open = await this.deps.conversations.openCounts(people.map((p) => p.id));
    return people.map((p) => ({ id: p.id, name: p.name, open: open.get(p.id) ?? 0 }));
  }

  async customer(conversationId: string): Promise<SupportCustomer> {
    const view = await this.conversation(conversationId);
    const account = view.userId ? await this.deps.accountOf(view.userId) : null;
    return (
      (account && { ...account, contact: view.contact }) ?? {
        userId: null,
        name: view.customerName,
        email: null,
        mobile: null,
        contact: view.contact,
        createdAt: view.createdAt.toISOString(),
        lastLoginAt: null,
        devices: [],
      }
    );
  }

  async search(q: string, page: { page: number; limit: number }): Promise<{ list: SupportSearchHit[]; total: number }> {
    const { rows, total } = await this.deps.conversations.search(q, {
      offset: (page.page - 1) * page.limit,
      limit: page.limit,
    });
    return {
      list: rows.map((r) => ({
        message: presentMessage(r.message, r.message.senderName),
        customerName: r.customerName,
      })),
      total,
    };
  }

  /* ---- quick replies ---- */

  async quickReplies(): Promise<SupportQuickReply[]> {
    return (await this.deps.conversations.quickReplies()).map(presentQuickReply);
  }

  async addQuickReply(userId: string, input: { title: string; body: string; orderNum?: number }) {
    const { title, body } = checkQuickReply(input);
    return presentQuickReply(
      await this.deps.conversations.addQuickReply({ title, body, orderNum: input.orderNum ?? 0, createdBy: userId }),
    );
  }

  async editQuickReply(id: string, input: { title: string; body: string; orderNum?: number }) {
    const { title, body } = checkQuickReply(input);
    if (!UUID.test(id)) throw AppError.notFound(supportMessages.quickReplyNotFound);
    const row = await this.deps.conversations.editQuickReply(id, { title, body, orderNum: input.orderNum ?? 0 });
    if (!row) throw AppError.notFound(supportMessages.quickReplyNotFound);
    return presentQuickReply(row);
  }

  async removeQuickReply(id: string) {
    if (!UUID.test(id) || !(await this.deps.conversations.removeQuickReply(id))) {
      throw AppError.notFound(supportMessages.quickReplyNotFound);
    }
  }
}

function checkQuickReply(input: { title: string; body: string }) {
  const title = input.title.trim();
  const body = input.body.trim();
  if (!title || !body) throw AppError.badRequest(supportMessages.quickReplyRequired);
  return { title, body };
}

function presentQuickReply(row: QuickReplyRow): SupportQuickReply {
  return { id: row.id, title: row.title, body: row.body, orderNum: row.orderNum };
}
