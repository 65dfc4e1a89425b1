import { aliasedTable, and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  storeEntitlements,
  storeObjectFiles,
  storeObjects,
  storeOrders,
  storePaymentEvents,
  users,
} from '../../db/schema.js';
import type { Tx } from '../drive/drive.repository.js';

export type OrderRow = typeof storeOrders.$inferSelect;
type Db = Tx | Database;
type Page = { offset: number; limit: number };

const buyers = aliasedTable(users, 'buyers');
const sellers = aliasedTable(users, 'sellers');
const cover = sql<
  string | null
>`(select f.id from ${storeObjectFiles} f where f.object_id = ${storeOrders.objectId} and f.kind = 'preview' order by f.position limit 1)`;

/**
 * Orders, provider events and what people may download. Reads name the caller (as buyer or seller);
 * state changes are conditional on the state they expect, so repeats, races and out-of-order notices
 * change an order at most once.
 */
export class TradeRepository {
  constructor(readonly db: Database) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** A new pending order, or null when the buyer has one pending for this object already. */
  async insertPending(row: typeof storeOrders.$inferInsert): Promise<OrderRow | null> {
    const [created] = await this.db.insert(storeOrders).values(row).onConflictDoNothing().returning();
    return created ?? null;
  }

  async findPending(buyerId: string, objectId: string): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(storeOrders)
      .where(
        and(eq(storeOrders.buyerId, buyerId), eq(storeOrders.objectId, objectId), eq(storeOrders.state, 'pending')),
      )
      .limit(1);
    return row;
  }

  async findByNo(orderNo: string, db: Db = this.db): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(storeOrders).where(eq(storeOrders.orderNo, orderNo)).limit(1);
    return row;
  }

  async findById(id: string, db: Db = this.db): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(storeOrders).where(eq(storeOrders.id, id)).limit(1);
    return row;
  }

  async setPayment(id: string, pay: { payKind: string; payUrl: string; providerRef?: string }) {
    await this.db
      .update(storeOrders)
      .set({ payKind: pay.payKind, payUrl: pay.payUrl, ...(pay.providerRef ? { providerRef: pay.providerRef } : {}) })
      .where(eq(storeOrders.id, id));
  }

  /** Stores a provider event once; false when that provider sent this event id before. */
  async recordEvent(tx: Tx, event: typeof storePaymentEvents.$inferInsert): Promise<boolean> {
    const rows = await tx
      .insert(storePaymentEvents)
      .values(event)
      .onConflictDoNothing()
      .returning({ id: storePaymentEvents.id });
    return rows.length > 0;
  }

  async setEventOutcome(tx: Tx, provider: string, eventId: string, applied: string) {
    await tx
      .update(storePaymentEvents)
      .set({ applied })
      .where(and(eq(storePaymentEvents.provider, provider), eq(storePaymentEvents.eventId, eventId)));
  }

  /**
   * Pending → paid; also closed → paid: money that arrived just after the timeout closed the order is
   * still the buyer's payment, so the order is theirs rather than a payment without an order.
   */
  async markPaid(tx: Tx, id: string, at: Date, providerRef?: string): Promise<OrderRow | undefined> {
    const [row] = await tx
      .update(storeOrders)
      .set({ state: 'paid', paidAt: at, closedAt: null, ...(providerRef ? { providerRef } : {}) })
      .where(and(eq(storeOrders.id, id), inArray(storeOrders.state, ['pending', 'closed'])))
      .returning();
    return row;
  }

  /** Pending → closed; anything else stays. */
  async close(tx: Db, id: string, at: Date): Promise<OrderRow | undefined> {
    const [row] = await tx
      .update(storeOrders)
      .set({ state: 'closed', closedAt: at })
      .where(and(eq(storeOrders.id, id), eq(storeOrders.state, 'pending')))
      .returning();
    return row;
  }

  /**
   * Adds a refund to a paid order when it fits in what is left; a refund of the rest makes the order
   * refunded. Undefined when it does not fit or the order is not paid.
   */
  async addRefund(tx: Tx, id: string, amount: number): Promise<OrderRow | undefined> {
    const [row] = await tx
      .update(storeOrders)
      .set({
        refunded: sql`${storeOrders.refunded} + ${amount}`,
        state: sql`case when ${storeOrders.refunded} + ${amount} >= ${storeOrders.amount} then 'refunded' else ${storeOrders.state} end`,
      })
      .where(
        and(
          eq(storeOrders.id, id),
          eq(storeOrders.state, 'paid'),
          sql`${storeOrders.refunded} + ${amount} <= ${storeOrders.amount}`,
        ),
      )
      .returning();
    return row;
  }

  /** Pending orders past their time, oldest first. */
  async expiredPending(now: Date, limit: number): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(storeOrders)
      .where(and(eq(storeOrders.state, 'pending'), lt(storeOrders.expiresAt, now)))
      .orderBy(storeOrders.expiresAt)
      .limit(limit);
  }

  /** The person may download the object; counts a download for its owner's popularity once per person. */
  async entitle(
    tx: Db,
    userId: string,
    objectId: string,
    source: 'free' | 'order',
    orderId?: string,
  ): Promise<boolean> {
    const rows = await tx
      .insert(storeEntitlements)
      .values({ userId, objectId, source, orderId })
      .onConflictDoNothing()
      .returning({ id: storeEntitlements.id });
    if (rows.length === 0) return false;
    await tx
      .update(storeObjects)
      .set({ downloadCount: sql`${storeObjects.downloadCount} + 1` })
      .where(and(eq(storeObjects.id, objectId), sql`${storeObjects.ownerId} <> ${userId}`));
    return true;
  }

  async revoke(tx: Tx, userId: string, objectId: string) {
    await tx
      .delete(storeEntitlements)
      .where(and(eq(storeEntitlements.userId, userId), eq(storeEntitlements.objectId, objectId)));
  }

  async isEntitled(userId: string, objectId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: storeEntitlements.id })
      .from(storeEntitlements)
      .where(and(eq(storeEntitlements.userId, userId), eq(storeEntitlements.objectId, objectId)))
      .limit(1);
    return Boolean(row);
  }

  private orders() {
    return this.db
      .select({ order: storeOrders, buyerName: buyers.nickName, sellerName: sellers.nickName, coverId: cover })
      .from(storeOrders)
      .innerJoin(buyers, eq(buyers.id, storeOrders.buyerId))
      .innerJoin(sellers, eq(sellers.id, storeOrders.sellerId));
  }

  /** One order of the caller's, as buyer or seller. */
  async orderFor(userId: string, id: string) {
    const [row] = await this.orders()
      .where(and(eq(storeOrders.id, id), or(eq(storeOrders.buyerId, userId), eq(storeOrders.sellerId, userId))))
      .limit(1);
    return row;
  }

  async listOrders(
    userId: string,
    role: 'buyer' | 'seller' | 'all',
    filter: { state?: string; orderNo?: string },
    page: Page,
  ) {
    const where = and(
      role === 'all' ? undefined : eq(role === 'buyer' ? storeOrders.buyerId : storeOrders.sellerId, userId),
      filter.state ? eq(storeOrders.state, filter.state) : undefined,
      filter.orderNo ? eq(storeOrders.orderNo, filter.orderNo) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.orders()
        .where(where)
        .orderBy(desc(storeOrders.createdAt), desc(storeOrders.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: sql<number>`count(*)::int` }).from(storeOrders).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** Provider events that moved my orders (bought or sold), newest first. */
  async listPayments(userId: string, page: Page) {
    const where = and(
      or(eq(storeOrders.buyerId, userId), eq(storeOrders.sellerId, userId)),
      eq(storePaymentEvents.applied, 'applied'),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ event: storePaymentEvents, orderNo: storeOrders.orderNo, objectName: storeOrders.objectName })
        .from(storePaymentEvents)
        .innerJoin(storeOrders, eq(storeOrders.id, storePaymentEvents.orderId))
        .where(where)
        .orderBy(desc(storePaymentEvents.receivedAt), desc(storePaymentEvents.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(storePaymentEvents)
        .innerJoin(storeOrders, eq(storeOrders.id, storePaymentEvents.orderId))
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** Per currency: sales, paid and refunded minor units of the seller's paid or refunded orders. */
  async earnings(sellerId: string) {
    return this.db
      .select({
        currency: storeOrders.currency,
        sales: sql<number>`count(*)::int`,
        paid: sql<number>`coalesce(sum(${storeOrders.amount}), 0)::bigint`,
        refunded: sql<number>`coalesce(sum(${storeOrders.refunded}), 0)::bigint`,
      })
      .from(storeOrders)
      .where(and(eq(storeOrders.sellerId, sellerId), inArray(storeOrders.state, ['paid', 'refunded'])))
      .groupBy(storeOrders.currency)
      .orderBy(storeOrders.currency);
  }

  /** SPEC §7 engineRecord: what I may download, newest first. */
  async records(userId: string, page: Page) {
    const where = eq(storeEntitlements.userId, userId);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          entitlement: storeEntitlements,
          objectName: storeObjects.title,
          sellerName: users.nickName,
          coverId: sql<
            string | null
          >`(select f.id from ${storeObjectFiles} f where f.object_id = ${storeEntitlements.objectId} and f.kind = 'preview' order by f.position limit 1)`,
          orderNo: storeOrders.orderNo,
          amount: storeOrders.amount,
          currency: storeOrders.currency,
          objectCurrency: storeObjects.currency,
        })
        .from(storeEntitlements)
        .innerJoin(storeObjects, eq(storeObjects.id, storeEntitlements.objectId))
        .innerJoin(users, eq(users.id, storeObjects.ownerId))
        .leftJoin(storeOrders, eq(storeOrders.id, storeEntitlements.orderId))
        .where(where)
        .orderBy(desc(storeEntitlements.createdAt), desc(storeEntitlements.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: sql<number>`count(*)::int` }).from(storeEntitlements).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }
}
