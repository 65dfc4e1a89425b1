import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { driveBlobs, users } from './schema.js';

/**
 * A customer-service conversation: one per signed-in person, or one per visitor (who holds a token
 * whose hash is kept here). `last_seq` is the message counter: a message takes the next one under the
 * row's lock, so two instances writing to one conversation still number it 1, 2, 3…
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of a visitor's token; null for a signed-in person. */
    visitorTokenHash: varchar('visitor_token_hash', { length: 64 }),
    visitorName: varchar('visitor_name', { length: 40 }).notNull().default(''),
    contact: varchar('contact', { length: 100 }).notNull().default(''),
    /** waiting (no one has taken it), open, closed. */
    status: varchar('status', { length: 10 }).notNull().default('waiting'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    lastText: varchar('last_text', { length: 200 }).notNull().default(''),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** The last seq sent by the customer, and by staff: unread counts without counting rows. */
    lastCustomerSeq: bigint('last_customer_seq', { mode: 'number' }).notNull().default(0),
    lastStaffSeq: bigint('last_staff_seq', { mode: 'number' }).notNull().default(0),
    customerReadSeq: bigint('customer_read_seq', { mode: 'number' }).notNull().default(0),
    staffReadSeq: bigint('staff_read_seq', { mode: 'number' }).notNull().default(0),
    /** The latest staff seq an offline notice was sent for: one notice per unread stretch. */
    noticedSeq: bigint('noticed_seq', { mode: 'number' }).notNull().default(0),
    locale: varchar('locale', { length: 8 }).notNull().default('zh-CN'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    // One live conversation per person; a closed one stays as history and a new one opens.
    uniqueIndex('support_conversations_user_idx').on(t.userId).where(sql`status <> 'closed' and user_id is not null`),
    uniqueIndex('support_conversations_visitor_idx').on(t.visitorTokenHash),
    index('support_conversations_queue_idx').on(t.status, t.lastMessageAt),
    index('support_conversations_assignee_idx').on(t.assigneeId, t.status),
  ],
);

/**
 * A message. `(conversation_id, seq)` is its place; `(conversation_id, side, client_id)` makes a
 * retried send the same message. An attachment row holds one reference on its blob (triggers).
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** customer, staff, system. */
    side: varchar('side', { length: 10 }).notNull(),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    /** text, image, file. */
    kind: varchar('kind', { length: 8 }).notNull(),
    body: text('body').notNull().default(''),
    sha256: varchar('sha256', { length: 64 }).references(() => driveBlobs.sha256),
    fileName: varchar('file_name', { length: 255 }),
    fileSize: bigint('file_size', { mode: 'number' }),
    mime: varchar('mime', { length: 100 }),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('support_messages_seq_idx').on(t.conversationId, t.seq),
    uniqueIndex('support_messages_client_idx').on(t.conversationId, t.side, t.clientId),
    index('support_messages_body_trgm_idx').using('gin', sql`lower(${t.body}) gin_trgm_ops`),
  ],
);

/** Staff's shared quick replies. */
export const supportQuickReplies = pgTable('support_quick_replies', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: varchar('title', { length: 40 }).notNull(),
  body: text('body').notNull(),
  orderNum: integer('order_num').notNull().default(0),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Feedback from /feedback: a signed-in person's (user_id) or a visitor's (contact only). */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    category: varchar('category', { length: 16 }).notNull(),
    description: text('description').notNull(),
    contact: varchar('contact', { length: 100 }).notNull().default(''),
    /** new, in_progress, resolved, closed. */
    status: varchar('status', { length: 12 }).notNull().default('new'),
    locale: varchar('locale', { length: 8 }).notNull().default('zh-CN'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedbacks_status_idx').on(t.status, t.createdAt),
    index('feedbacks_user_idx').on(t.userId, t.createdAt),
  ],
);

/** A feedback's screenshots, re-encoded pictures in the blob store; each row holds a blob reference. */
export const feedbackScreenshots = pgTable(
  'feedback_screenshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => feedbacks.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    sha256: varchar('sha256', { length: 64 })
      .notNull()
      .references(() => driveBlobs.sha256),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [index('feedback_screenshots_feedback_idx').on(t.feedbackId, t.position)],
);

export const feedbackReplies = pgTable(
  'feedback_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => feedbacks.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_replies_feedback_idx').on(t.feedbackId, t.createdAt)],
);

/** A person's messages from the maker (a reply to their feedback, an answer in the chat). */
export const userNotices = pgTable(
  'user_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull(),
    link: varchar('link', { length: 300 }).notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_notices_user_idx').on(t.userId, t.createdAt),
    index('user_notices_unread_idx').on(t.userId).where(sql`read_at is null`),
  ],
);
