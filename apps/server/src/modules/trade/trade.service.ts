import { randomInt } from 'node:crypto';
import {
  type Currency,
  type Earnings,
  type EngineRecord,
  type Order,
  objectMessages,
  type PaymentProvider,
  type PaymentRecord,
  TRADE_LIMITS,
  tradeMessages,
} from '@kerf/contract';
import { type PageRequest, pageSlice } from '../../db/page-slice.js';
import { AppError } from '../../http/app-error.js';
import type { DriveService } from '../drive/drive.service.js';
import type { ObjectRepository } from '../objects/object.repository.js';
import type { PaymentGateway, PaymentNotice, WebhookRequest } from './payments/payment-provider.js';
import type { OrderRow, TradeRepository } from './trade.repository.js';

/** `KF20261127153012` + 6 digits: sortable by time, unique with the random tail (and a unique index). */
export function newOrderNo(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `KF${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

function presentOrder(
  row: { order: OrderRow; buyerName: string; sellerName: string; coverId: string | null },
  viewerId: string,
): Order {
  const { order } = row;
  return {
    id: order.id,
    orderNo: order.orderNo,
    objectId: order.objectId ?? '',
    objectName: order.objectName,
    coverId: row.coverId,
    buyerName: row.buyerName,
    sellerName: row.sellerName,
    amount: order.amount,
    currency: order.currency as Currency,
    refunded: order.refunded,
    state: order.state as Order['state'],
    provider: order.provider as PaymentProvider,
    pay:
      order.state === 'pending' && order.payUrl && order.buyerId === viewerId
        ? { provider: order.provider as PaymentProvider, kind: order.payKind as 'qr' | 'redirect', url: order.payUrl }
        : null,
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.expiresAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    closedAt: order.closedAt?.toISOString() ?? null,
    mine: order.buyerId === viewerId ? 'buyer' : order.sellerId === viewerId ? 'seller' : null,
  };
}

export interface TradeServiceDeps {
  trade: TradeRepository;
  objects: ObjectRepository;
  drive: DriveService;
  /** The providers whose settings are present (the sandbox always). */
  gateways: Map<PaymentProvider, PaymentGateway>;
  now?: () => Date;
}

/**
 * The trade centre: orders for listed objects, provider notices (verified, stored once, applied only
 * to the state they expect), the timeout with reconciliation, refunds by administrators, and what each
 * person may download. Money stays integer minor units throughout.
 */
export class TradeService {
  private readonly now: () => Date;

  constructor(private readonly deps: TradeServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  providers(): PaymentProvider[] {
    return [...this.deps.gateways.keys()];
  }

  private gateway(name: string): PaymentGateway {
    const gateway = this.deps.gateways.get(name as PaymentProvider);
    if (!gateway) throw AppError.badRequest(tradeMessages.providerOff);
    return gateway;
  }

  /** My order for a listed object: the pending one if there is one, else a new one with how to pay. */
  async order(buyerId: string, objectId: string, provider: PaymentProvider = 'sandbox'): Promise<Order> {
    const found = await this.deps.objects.findListed(objectId);
    if (!found) throw AppError.notFound(tradeMessages.notForSale);
    const { object, entry } = found;
    if (object.ownerId === buyerId) throw AppError.badRequest(tradeMessages.ownObject);
    if (object.price === 0) throw AppError.badRequest(tradeMessages.isFree);
    if (await this.deps.trade.isEntitled(buyerId, objectId))
      throw new AppError(409, tradeMessages.alreadyOwned, { code: 409 });
    const gateway = this.gateway(provider);
    if (!gateway.currencies.includes(object.currency as Currency))
      throw AppError.badRequest(tradeMessages.providerCurrency);
    const pending = await this.deps.trade.findPending(buyerId, objectId);
    if (pending && pending.expiresAt > this.now()) return this.present(buyerId, pending.id);
    if (pending) await this.deps.trade.close(this.deps.trade.db, pending.id, this.now());
    const now = this.now();
    const row = await this.deps.trade.insertPending({
      orderNo: newOrderNo(now),
      buyerId,
      sellerId: object.ownerId,
      objectId,
      objectName: object.title || entry.name,
      amount: object.price,
      currency: object.currency,
      provider,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TRADE_LIMITS.orderTimeoutMs),
    });
    // Another tab ordered at the same moment: theirs is the one pending order.
    const order = row ?? (await this.deps.trade.findPending(buyerId, objectId));
    if (!order) throw AppError.notFound(tradeMessages.orderNotFound);
    if (row) {
      const pay = await gateway.start({
        orderNo: row.orderNo,
        amount: row.amount,
        currency: row.currency as Currency,
        description: row.objectName,
        expiresAt: row.expiresAt,
      });
      await this.deps.trade.setPayment(row.id, { payKind: pay.kind, payUrl: pay.url, providerRef: pay.providerRef });
    }
    return this.present(buyerId, order.id);
  }

  /** An order by its number (the sandbox's pay page). */
  orderByNo(orderNo: string): Promise<OrderRow | undefined> {
    return this.deps.trade.findByNo(orderNo);
  }

  async present(userId: string, id: string): Promise<Order> {
    const row = await this.deps.trade.orderFor(userId, id);
    if (!row) throw AppError.notFound(tradeMessages.orderNotFound);
    return presentOrder(row, userId);
  }

  async close(userId: string, id: string): Promise<Order> {
    const row = await this.deps.trade.orderFor(userId, id);
    if (!row || row.order.buyerId !== userId) throw AppError.notFound(tradeMessages.orderNotFound);
    if (!(await this.deps.trade.close(this.deps.trade.db, id, this.now()))) {
      throw AppError.badRequest(tradeMessages.notPending);
    }
    return this.present(userId, id);
  }

  /** A provider's webhook: verified by its gateway, then applied once. Answers what the provider expects. */
  async webhook(provider: string, request: WebhookRequest) {
    const gateway = this.gateway(provider);
    const notice = await gateway.verify(request);
    if (notice) await this.apply(gateway.name, notice);
    return gateway.acknowledge(true);
  }

  /**
   * Applies a verified notice: stored once per provider event id (a repeat changes nothing), checked
   * against the order's amount and currency, and applied only from the state it expects. Returns what
   * happened to it.
   */
  async apply(provider: PaymentProvider, notice: PaymentNotice): Promise<'applied' | 'repeat' | 'ignored'> {
    return this.deps.trade.transaction(async (tx) => {
      const order = await this.deps.trade.findByNo(notice.orderNo, tx);
      if (!order || order.provider !== provider) return 'ignored';
      const fresh = await this.deps.trade.recordEvent(tx, {
        provider,
        eventId: notice.eventId,
        orderId: order.id,
        kind: notice.kind,
        amount: notice.amount,
        currency: notice.currency,
        applied: 'ignored',
        payload: notice.payload as object,
      });
      if (!fresh) return 'repeat';
      let applied = false;
      if (notice.kind === 'paid') {
        // A payment of another amount or currency than the order's is not this order's payment.
        if (notice.amount === order.amount && notice.currency === order.currency) {
          const paid = await this.deps.trade.markPaid(tx, order.id, notice.at, notice.providerRef);
          if (paid?.objectId) await this.deps.trade.entitle(tx, paid.buyerId, paid.objectId, 'order', paid.id);
          applied = Boolean(paid);
        }
      } else if (notice.kind === 'closed') {
        applied = Boolean(await this.deps.trade.close(tx, order.id, notice.at));
      } else if (notice.kind === 'refunded') {
        applied = await this.refundInTx(tx, order, notice.amount);
      }
      const outcome = applied ? 'applied' : 'ignored';
      await this.deps.trade.setEventOutcome(tx, provider, notice.eventId, outcome);
      return outcome;
    });
  }

  private async refundInTx(
    tx: Parameters<Parameters<TradeRepository['transaction']>[0]>[0],
    order: OrderRow,
    amount: number,
  ) {
    const after = await this.deps.trade.addRefund(tx, order.id, amount);
    if (after?.state === 'refunded' && after.objectId) await this.deps.trade.revoke(tx, after.buyerId, after.objectId);
    return Boolean(after);
  }

  /**
   * The timeout: each pending order past its time is asked of its provider first (a payment whose
   * notice never came is found this way), then paid or closed. Returns how many orders it settled.
   */
  async reconcile(limit = 100): Promise<number> {
    const due = await this.deps.trade.expiredPending(this.now(), limit);
    let settled = 0;
    for (const order of due) {
      const gateway = this.deps.gateways.get(order.provider as PaymentProvider);
      const status = gateway
        ? await gateway.query(order.orderNo).catch(() => ({ state: 'pending' as const }))
        : { state: 'closed' as const };
      if (status.state === 'paid') {
        await this.apply(order.provider as PaymentProvider, {
          eventId: `query:${order.orderNo}`,
          orderNo: order.orderNo,
          kind: 'paid',
          amount: status.amount,
          currency: status.currency,
          providerRef: status.providerRef,
          at: status.at,
          payload: { source: 'query' },
        });
      } else {
        await this.deps.trade.close(this.deps.trade.db, order.id, this.now());
      }
      settled++;
    }
    return settled;
  }

  /** Administrators: gives back part or all of a paid order, through its provider. */
  async refund(orderId: string, amount: number, reason: string): Promise<Order & { reason: string }> {
    const order = await this.deps.trade.findById(orderId);
    if (!order) throw AppError.notFound(tradeMessages.orderNotFound);
    if (order.state !== 'paid') throw AppError.badRequest(tradeMessages.notPaid);
    if (!Number.isSafeInteger(amount) || amount <= 0) throw AppError.badRequest(tradeMessages.refundAmount);
    if (amount > order.amount - order.refunded) throw AppError.badRequest(tradeMessages.refundTooMuch);
    const refundNo = `RF${order.orderNo.slice(2)}${order.refunded + amount}`;
    await this.gateway(order.provider).refund(
      {
        orderNo: order.orderNo,
        providerRef: order.providerRef,
        amount: order.amount,
        currency: order.currency as Currency,
      },
      amount,
      refundNo,
    );
    const outcome = await this.apply(order.provider as PaymentProvider, {
      eventId: refundNo,
      orderNo: order.orderNo,
      kind: 'refunded',
      amount,
      currency: order.currency as Currency,
      at: this.now(),
      payload: { reason },
    });
    if (outcome !== 'applied') throw AppError.badRequest(tradeMessages.refundTooMuch);
    return { ...(await this.present(order.buyerId, order.id)), reason };
  }

  /** A free listed object joins my downloads (no order). */
  async getFree(userId: string, objectId: string): Promise<void> {
    const found = await this.deps.objects.findListed(objectId);
    if (!found) throw AppError.notFound(objectMessages.notFound);
    if (found.object.price !== 0) throw AppError.badRequest(tradeMessages.notFree);
    await this.deps.trade.entitle(this.deps.trade.db, userId, objectId, 'free');
  }

  /** Whether I may download the object's drawings: mine, or free/bought by me. */
  async mayDownload(userId: string, objectId: string): Promise<boolean> {
    if (await this.deps.objects.findMine(userId, objectId)) return true;
    return this.deps.trade.isEntitled(userId, objectId);
  }

  /** A copy of an object I may download, in a folder of my drive (its bytes shared, not copied). */
  async saveToDrive(userId: string, objectId: string, folderId: string | null): Promise<string> {
    const mine = await this.deps.objects.findMine(userId, objectId);
    if (!mine && !(await this.deps.trade.isEntitled(userId, objectId))) {
      throw new AppError(403, tradeMessages.notEntitled, { code: 403 });
    }
    const source = mine ?? (await this.deps.objects.findListed(objectId));
    if (!source) throw AppError.notFound(objectMessages.notFound);
    const [copy] = await this.deps.drive.copyFrom(source.object.ownerId, [objectId], userId, folderId);
    return copy!.id;
  }

  /** My purchases or sales; or, for an administrator who refunds, everyone's orders (`all`). */
  async orders(
    userId: string,
    role: 'buyer' | 'seller' | 'all',
    filter: { state?: string; orderNo?: string },
    page: PageRequest,
  ) {
    const { rows, total } = await this.deps.trade.listOrders(userId, role, filter, pageSlice(page));
    return { list: rows.map((row) => presentOrder(row, userId)), total, ...page };
  }

  async payments(userId: string, page: PageRequest) {
    const { rows, total } = await this.deps.trade.listPayments(userId, pageSlice(page));
    const list: PaymentRecord[] = rows.map(({ event, orderNo, objectName }) => ({
      id: event.id,
      orderNo,
      objectName,
      provider: event.provider as PaymentProvider,
      kind: event.kind as PaymentRecord['kind'],
      amount: event.amount,
      currency: event.currency as Currency,
      at: event.receivedAt.toISOString(),
    }));
    return { list, total, ...page };
  }

  async earnings(userId: string): Promise<Earnings[]> {
    return (await this.deps.trade.earnings(userId)).map((row) => {
      const paid = Number(row.paid);
      const refunded = Number(row.refunded);
      return { currency: row.currency as Currency, sales: row.sales, paid, refunded, net: paid - refunded };
    });
  }

  async records(userId: string, page: PageRequest) {
    const { rows, total } = await this.deps.trade.records(userId, pageSlice(page));
    const list: EngineRecord[] = rows.map((row) => ({
      objectId: row.entitlement.objectId,
      objectName: row.objectName,
      coverId: row.coverId,
      sellerName: row.sellerName,
      source: row.entitlement.source as EngineRecord['source'],
      orderNo: row.orderNo,
      amount: row.amount ?? 0,
      currency: (row.currency ?? row.objectCurrency) as Currency,
      at: row.entitlement.createdAt.toISOString(),
    }));
    return { list, total, ...page };
  }
}
