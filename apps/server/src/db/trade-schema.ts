import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { storeObjects } from './object-schema.js';
import { users } from './schema.js';

// ---------------------------------------------------------------------------------------------------
// Trade centre (SPEC §1 orders, payment records, buying and selling drawings). Money is always an
// integer number of minor units (fen, cent) with its currency, never a float.

/**
 * An order for an object: pending → paid → refunded (in part: `refunded` > 0 while paid), or pending →
 * closed. A buyer has at most one pending order per object (a partial unique index). The object's name
 * is kept, so the record reads right after the seller deletes the object.
 */
export const storeOrders = pgTable(
  'store_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectId: uuid('object_id').references(() => storeObjects.id, { onDelete: 'set null' }),
    objectName: varchar('object_name', { length: 255 }).notNull(),
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    refunded: integer('refunded').notNull().default(0),
    state: varchar('state', { length: 12 }).notNull().default('pending'),
    provider: varchar('provider', { length: 12 }).notNull(),
    /** The provider's own id of the payment (transaction, session), once known. */
    providerRef: varchar('provider_ref', { length: 128 }),
    payKind: varchar('pay_kind', { length: 12 }),
    payUrl: text('pay_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('store_orders_no_idx').on(t.orderNo),
    uniqueIndex('store_orders_one_pending_idx').on(t.buyerId, t.objectId).where(sql`state = 'pending'`),
    index('store_orders_buyer_idx').on(t.buyerId, t.createdAt),
    index('store_orders_seller_idx').on(t.sellerId, t.createdAt),
    index('store_orders_pending_idx').on(t.expiresAt).where(sql`state = 'pending'`),
  ],
);

/**
 * Every provider event that moved (or tried to move) an order, stored once per provider event id: a
 * notice delivered twice is recognised and changes nothing the second time. Refunds are events too.
 */
export const storePaymentEvents = pgTable(
  'store_payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: varchar('provider', { length: 12 }).notNull(),
    eventId: varchar('event_id', { length: 128 }).notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => storeOrders.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 12 }).notNull(),
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** Whether it changed the order (false: a repeat, out of order, or not matching the order). */
    applied: varchar('applied', { length: 12 }).notNull(),
    payload: jsonb('payload'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_payment_events_once_idx').on(t.provider, t.eventId),
    index('store_payment_events_order_idx').on(t.orderId, t.receivedAt),
  ],
);

/**
 * What a person may download (SPEC §7 engineRecord): a free object they took, or one they paid for.
 * One row per person and object; a full refund takes it back.
 */
export const storeEntitlements = pgTable(
  'store_entitlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectId: uuid('object_id')
      .notNull()
      .references(() => storeObjects.id, { onDelete: 'cascade' }),
    source: varchar('source', { length: 8 }).notNull(),
    orderId: uuid('order_id').references(() => storeOrders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_entitlements_once_idx').on(t.userId, t.objectId),
    index('store_entitlements_user_idx').on(t.userId, t.createdAt),
  ],
);
