import { and, asc, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import {
  roles,
  supportConversations,
  supportMessages,
  supportQuickReplies,
  userRoles,
  users,
} from '../../db/schema.js';
import { pgErrorCode } from '../drive/drive.repository.js';
import { escapeLike } from '../drive/drive-list.repository.js';

// biome-ignore lint/suspicious/noExplicitAny: a row as PostgreSQL's to_jsonb writes it
type Json = Record<string, any>;
const at = (value: string | null) => (value ? new Date(value) : null);

/** A message row from to_jsonb (snake_case keys, timestamps as text). */
function messageFromJson(j: Json): MessageRow {
  return {
    id: j.id,
    conversationId: j.conversation_id,
    seq: Number(j.seq),
    side: j.side,
    senderId: j.sender_id,
    clientId: j.client_id,
    kind: j.kind,
    body: j.body,
    sha256: j.sha256,
    fileName: j.file_name,
    fileSize: j.file_size === null ? null : Number(j.file_size),
    mime: j.mime,
    width: j.width,
    height: j.height,
    createdAt: at(j.created_at)!,
  };
}

function conversationFromJson(j: Json): ConversationRow {
  return {
    id: j.id,
    userId: j.user_id,
    visitorTokenHash: j.visitor_token_hash,
    visitorName: j.visitor_name,
    contact: j.contact,
    status: j.status,
    assigneeId: j.assignee_id,
    lastSeq: Number(j.last_seq),
    lastText: j.last_text,
    lastMessageAt: at(j.last_message_at),
    lastCustomerSeq: Number(j.last_customer_seq),
    lastStaffSeq: Number(j.last_staff_seq),
    customerReadSeq: Number(j.customer_read_seq),
    staffReadSeq: Number(j.staff_read_seq),
    noticedSeq: Number(j.noticed_seq),
    locale: j.locale,
    createdAt: at(j.created_at)!,
    closedAt: at(j.closed_at),
  };
}

export type ConversationRow = typeof supportConversations.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;
export type QuickReplyRow = typeof supportQuickReplies.$inferSelect;
/** A conversation with the names people see: the customer's and the assigned agent's. */
export type ConversationView = ConversationRow & { customerName: string; assigneeName: string };
export type MessageView = MessageRow & { senderName: string };
export type NewMessage = Pick<
  typeof supportMessages.$inferInsert,
  'side' | 'senderId' | 'clientId' | 'kind' | 'body' | 'sha256' | 'fileName' | 'fileSize' | 'mime' | 'width' | 'height'
>;

export interface QueueFilter {
  status?: string;
  /** 'none': nobody's yet; an id: that agent's. */
  assignee?: string;
  q?: string;
}

const customer = alias(users, 'customer');
const assignee = alias(users, 'assignee');
const sender = alias(users, 'sender');

/**
 * Conversations and their messages. A customer reaches a conversation only as its person (user id) or
 * by the hash of the visitor token it was opened with; staff reach every one (the service decides who
 * is staff). Messages are numbered under the conversation row's lock.
 */
export class SupportRepository {
  constructor(readonly db: Database) {}

  private selectViews() {
    return this.db
      .select({
        conversation: supportConversations,
        customerName: sql<string>`coalesce(nullif(${customer.nickName}, ''), ${customer.loginName}, ${supportConversations.visitorName})`,
        assigneeName: sql<string>`coalesce(nullif(${assignee.nickName}, ''), ${assignee.loginName}, '')`,
      })
      .from(supportConversations)
      .leftJoin(customer, eq(customer.id, supportConversations.userId))
      .leftJoin(assignee, eq(assignee.id, supportConversations.assigneeId));
  }

  private static view(row: { conversation: ConversationRow; customerName: string; assigneeName: string }) {
    return { ...row.conversation, customerName: row.customerName ?? '', assigneeName: row.assigneeName ?? '' };
  }

  async view(id: string): Promise<ConversationView | undefined> {
    const [row] = await this.selectViews().where(eq(supportConversations.id, id)).limit(1);
    return row ? SupportRepository.view(row) : undefined;
  }

  /** The person's conversation that is not closed. */
  async currentOf(userId: string): Promise<ConversationView | undefined> {
    const [row] = await this.selectViews()
      .where(and(eq(supportConversations.userId, userId), ne(supportConversations.status, 'closed')))
      .limit(1);
    return row ? SupportRepository.view(row) : undefined;
  }

  /** The person's open conversation, made now when there is none (a race makes one: the unique index). */
  async openFor(userId: string, locale: string): Promise<ConversationView> {
    const current = await this.currentOf(userId);
    if (current) return current;
    await this.db.insert(supportConversations).values({ userId, locale }).onConflictDoNothing();
    const made = await this.currentOf(userId);
    if (!made) throw new Error('conversation not opened');
    return made;
  }

  async openForVisitor(tokenHash: string, name: string, contact: string, locale: string): Promise<ConversationView> {
    const [row] = await this.db
      .insert(supportConversations)
      .values({ visitorTokenHash: tokenHash, visitorName: name, contact, locale })
      .returning({ id: supportConversations.id });
    return (await this.view(row!.id))!;
  }

  async byVisitorToken(tokenHash: string): Promise<ConversationView | undefined> {
    const [row] = await this.selectViews().where(eq(supportConversations.visitorTokenHash, tokenHash)).limit(1);
    return row ? SupportRepository.view(row) : undefined;
  }

  /**
   * Stores a message as the conversation's next seq, in one statement: the conversation's row is
   * updated (which locks it, so writers on any instance take turns) and the message inserted with the
   * seq that update gave. A client id this side already used fails the insert, which undoes the update
   * (no seq is skipped); the message stored the first time is the answer then. A customer's message
   * opens a closed conversation again. Answers the conversation's counters as they now stand.
   */
  async post(
    conversationId: string,
    message: NewMessage,
    preview: string,
  ): Promise<{ message: MessageRow; created: boolean; conversation: ConversationRow } | null> {
    const side = message.side;
    const c = supportConversations;
    try {
      const result = await this.db.execute(sql`
        with bumped as (
          update ${c} set
            last_seq = last_seq + 1,
            last_text = ${preview.slice(0, 200)},
            last_message_at = now(),
            last_customer_seq = case when ${side} = 'customer' then last_seq + 1 else last_customer_seq end,
            last_staff_seq = case when ${side} = 'staff' then last_seq + 1 else last_staff_seq end,
            customer_read_seq = case when ${side} = 'customer' then last_seq + 1 else customer_read_seq end,
            -- writing reads what came before; a system message is staff's own doing
            staff_read_seq = case when ${side} <> 'customer' then last_seq + 1 else staff_read_seq end,
            -- a closed conversation the customer writes to again goes back to its agent, or to the queue
            status = case when ${side} = 'customer' and status = 'closed'
                          then case when assignee_id is null then 'waiting' else 'open' end
                          else status end,
            closed_at = case when ${side} = 'customer' then null else closed_at end
          where id = ${conversationId}
          returning *
        ), stored as (
          insert into ${supportMessages}
            (conversation_id, seq, side, sender_id, client_id, kind, body, sha256, file_name, file_size, mime, width, height)
          select id, last_seq, ${side}, ${message.senderId ?? null}, ${message.clientId}, ${message.kind},
                 ${message.body ?? ''}, ${message.sha256 ?? null}, ${message.fileName ?? null},
                 ${message.fileSize ?? null}::bigint, ${message.mime ?? null}, ${message.width ?? null}::int,
                 ${message.height ?? null}::int
            from bumped
          returning *
        )
        select to_jsonb(stored.*) as message, to_jsonb(bumped.*) as conversation from stored, bumped`);
      const row = (result as unknown as { rows: Array<{ message: Json; conversation: Json }> }).rows[0];
      if (!row) return null;
      return {
        message: messageFromJson(row.message),
        created: true,
        conversation: conversationFromJson(row.conversation),
      };
    } catch (err) {
      if (pgErrorCode(err) !== '23505') throw err;
    }
    const [known] = await this.db
      .select()
      .from(supportMessages)
      .where(
        and(
          eq(supportMessages.conversationId, conversationId),
          eq(supportMessages.side, side),
          eq(supportMessages.clientId, message.clientId),
        ),
      )
      .limit(1);
    const [conversation] = await this.db.select().from(c).where(eq(c.id, conversationId)).limit(1);
    return known && conversation ? { message: known, created: false, conversation } : null;
  }

  /** A page of messages in seq order: after a seq, before one, or the newest; optionally only matching text. */
  async messages(
    conversationId: string,
    page: { after?: number; before?: number; limit: number; q?: string },
  ): Promise<{ list: MessageView[]; hasMore: boolean }> {
    const where = and(
      eq(supportMessages.conversationId, conversationId),
      page.after !== undefined ? gt(supportMessages.seq, page.after) : undefined,
      page.before !== undefined ? lt(supportMessages.seq, page.before) : undefined,
      page.q ? sql`lower(${supportMessages.body}) like ${`%${escapeLike(page.q.toLowerCase())}%`}` : undefined,
    );
    const newestFirst = page.after === undefined;
    const rows = await this.db
      .select({ message: supportMessages, senderName: this.senderName() })
      .from(supportMessages)
      .leftJoin(sender, eq(sender.id, supportMessages.senderId))
      .where(where)
      .orderBy(newestFirst ? desc(supportMessages.seq) : asc(supportMessages.seq))
      .limit(page.limit + 1);
    const hasMore = rows.length > page.limit;
    const list = rows.slice(0, page.limit).map((r) => ({ ...r.message, senderName: r.senderName ?? '' }));
    if (newestFirst) list.reverse();
    return { list, hasMore };
  }

  private senderName() {
    return sql<string>`coalesce(nullif(${sender.nickName}, ''), ${sender.loginName}, '')`;
  }

  async nameOf(userId: string): Promise<string> {
    const [row] = await this.db
      .select({ name: sql<string>`coalesce(nullif(${users.nickName}, ''), ${users.loginName})` })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row?.name ?? '';
  }

  async message(id: string): Promise<MessageRow | undefined> {
    const [row] = await this.db.select().from(supportMessages).where(eq(supportMessages.id, id)).limit(1);
    return row;
  }

  /** Raises a side's read mark (never lowers it, never past the last message); the new mark, or null. */
  async markRead(conversationId: string, side: 'customer' | 'staff', seq: number): Promise<number | null> {
    const column = side === 'customer' ? supportConversations.customerReadSeq : supportConversations.staffReadSeq;
    const key = side === 'customer' ? 'customerReadSeq' : 'staffReadSeq';
    const [row] = await this.db
      .update(supportConversations)
      .set({ [key]: sql`least(${seq}, ${supportConversations.lastSeq})` })
      .where(
        and(
          eq(supportConversations.id, conversationId),
          lt(column, sql`least(${seq}, ${supportConversations.lastSeq})`),
        ),
      )
      .returning({
        customerReadSeq: supportConversations.customerReadSeq,
        staffReadSeq: supportConversations.staffReadSeq,
      });
    if (!row) return null;
    return side === 'customer' ? row.customerReadSeq : row.staffReadSeq;
  }

  async assign(conversationId: string, assigneeId: string): Promise<boolean> {
    const rows = await this.db
      .update(supportConversations)
      .set({
        assigneeId,
        status: sql`case when ${supportConversations.status} = 'closed' then 'closed' else 'open' end`,
      })
      .where(eq(supportConversations.id, conversationId))
      .returning({ id: supportConversations.id });
    return rows.length > 0;
  }

  async close(conversationId: string): Promise<boolean> {
    const rows = await this.db
      .update(supportConversations)
      .set({ status: 'closed', closedAt: new Date() })
      .where(and(eq(supportConversations.id, conversationId), ne(supportConversations.status, 'closed')))
      .returning({ id: supportConversations.id });
    return rows.length > 0;
  }

  /** Conversations with at least one message, the latest first. */
  async queue(filter: QueueFilter, page: { offset: number; limit: number }) {
    const q = filter.q ? `%${escapeLike(filter.q.toLowerCase())}%` : null;
    const where = and(
      gt(supportConversations.lastSeq, 0),
      filter.status ? eq(supportConversations.status, filter.status) : undefined,
      filter.assignee === 'none'
        ? sql`${supportConversations.assigneeId} is null`
        : filter.assignee
          ? eq(supportConversations.assigneeId, filter.assignee)
          : undefined,
      q
        ? sql`(lower(${supportConversations.visitorName}) like ${q} or lower(${supportConversations.contact}) like ${q}
              or lower(coalesce(${customer.nickName}, '')) like ${q} or lower(coalesce(${customer.loginName}, '')) like ${q}
              or lower(coalesce(${customer.email}, '')) like ${q} or coalesce(${customer.mobile}, '') like ${q})`
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.selectViews()
        .where(where)
        .orderBy(desc(supportConversations.lastMessageAt), desc(supportConversations.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(supportConversations)
        .leftJoin(customer, eq(customer.id, supportConversations.userId))
        .where(where),
    ]);
    return { rows: rows.map(SupportRepository.view), total: total?.n ?? 0 };
  }

  /** Every conversation's messages whose text has q, newest first. */
  async search(q: string, page: { offset: number; limit: number }) {
    const where = sql`lower(${supportMessages.body}) like ${`%${escapeLike(q.toLowerCase())}%`}`;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          message: supportMessages,
          senderName: this.senderName(),
          customerName: sql<string>`coalesce(nullif(${customer.nickName}, ''), ${customer.loginName}, ${supportConversations.visitorName})`,
        })
        .from(supportMessages)
        .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
        .leftJoin(customer, eq(customer.id, supportConversations.userId))
        .leftJoin(sender, eq(sender.id, supportMessages.senderId))
        .where(where)
        .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: sql<number>`count(*)::int` }).from(supportMessages).where(where),
    ]);
    return {
      rows: rows.map((r) => ({
        message: { ...r.message, senderName: r.senderName ?? '' },
        customerName: r.customerName ?? '',
      })),
      total: total?.n ?? 0,
    };
  }

  /** Open conversations per agent. */
  async openCounts(agentIds: string[]): Promise<Map<string, number>> {
    if (!agentIds.length) return new Map();
    const rows = await this.db
      .select({ id: supportConversations.assigneeId, n: sql<number>`count(*)::int` })
      .from(supportConversations)
      .where(and(inArray(supportConversations.assigneeId, agentIds), eq(supportConversations.status, 'open')))
      .groupBy(supportConversations.assigneeId);
    return new Map(rows.map((r) => [r.id!, r.n]));
  }

  /**
   * Claims the conversations whose staff answer has stayed unread since before `before` and has had no
   * notice yet: each is claimed once, whichever instance sweeps first. With the person's bound addresses.
   */
  async claimUnreadAnswers(before: Date) {
    const result = await this.db.execute(sql`
      update ${supportConversations} c set noticed_seq = c.last_staff_seq
        from ${users} u
       where u.id = c.user_id
         and c.last_staff_seq > c.customer_read_seq
         and c.noticed_seq <= c.customer_read_seq
         and c.last_message_at < ${before.toISOString()}
         and c.status <> 'closed'
      returning c.id, c.locale, c.last_text, u.email, u.mobile`);
    return (
      result as unknown as {
        rows: Array<{ id: string; locale: string; last_text: string; email: string | null; mobile: string | null }>;
      }
    ).rows;
  }

  async quickReplies(): Promise<QuickReplyRow[]> {
    return this.db
      .select()
      .from(supportQuickReplies)
      .orderBy(asc(supportQuickReplies.orderNum), asc(supportQuickReplies.createdAt));
  }

  async addQuickReply(row: { title: string; body: string; orderNum: number; createdBy: string }) {
    const [made] = await this.db.insert(supportQuickReplies).values(row).returning();
    return made!;
  }

  async editQuickReply(id: string, change: { title: string; body: string; orderNum: number }) {
    const [row] = await this.db
      .update(supportQuickReplies)
      .set(change)
      .where(eq(supportQuickReplies.id, id))
      .returning();
    return row;
  }

  async removeQuickReply(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(supportQuickReplies)
      .where(eq(supportQuickReplies.id, id))
      .returning({ id: supportQuickReplies.id });
    return rows.length > 0;
  }

  /**
   * Enabled people holding a permission through an enabled role: the permission itself, any grant
   * with `*` in its place per segment, or the admin role.
   */
  async holders(permission: string, adminRole: string): Promise<Array<{ id: string; name: string }>> {
    const segments = permission.split(':');
    const covering = Array.from({ length: 1 << segments.length }, (_, mask) =>
      segments.map((part, i) => (mask & (1 << i) ? '*' : part)).join(':'),
    );
    return this.db
      .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.nickName}, ''), ${users.loginName})` })
      .from(users)
      .where(
        and(
          eq(users.status, 'enabled'),
          sql`exists (select 1 from ${userRoles} ur join ${roles} r on r.id = ur.role_id
                       where ur.user_id = ${users.id} and r.status = 'enabled'
                         and (r.role_key = ${adminRole} or r.permissions && array[${sql.join(
                           covering.map((grant) => sql`${grant}`),
                           sql`, `,
                         )}]::text[]))`,
        ),
      )
      .orderBy(asc(users.loginName))
      .limit(500);
  }
}
