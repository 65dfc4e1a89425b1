import { type Locale, priceText } from '@kerf/contract';
import type { RecordTable } from '../../http/table-export.js';
import type { TradeService } from './trade.service.js';

export type ExportKind = 'orders' | 'sales' | 'payments' | 'records';

const HEADERS: Record<ExportKind, Record<Locale, string[]>> = {
  orders: {
    'zh-CN': ['订单号', '物件', '卖家', '金额', '币种', '已退款', '状态', '支付方式', '下单时间', '支付时间'],
    en: [
      'Order no.',
      'Object',
      'Seller',
      'Amount',
      'Currency',
      'Refunded',
      'State',
      'Provider',
      'Ordered at',
      'Paid at',
    ],
  },
  sales: {
    'zh-CN': ['订单号', '物件', '买家', '金额', '币种', '已退款', '状态', '支付方式', '下单时间', '支付时间'],
    en: [
      'Order no.',
      'Object',
      'Buyer',
      'Amount',
      'Currency',
      'Refunded',
      'State',
      'Provider',
      'Ordered at',
      'Paid at',
    ],
  },
  payments: {
    'zh-CN': ['订单号', '物件', '类型', '金额', '币种', '支付方式', '时间'],
    en: ['Order no.', 'Object', 'Kind', 'Amount', 'Currency', 'Provider', 'At'],
  },
  records: {
    'zh-CN': ['物件', '设计者', '来源', '订单号', '金额', '币种', '时间'],
    en: ['Object', 'Designer', 'Source', 'Order no.', 'Amount', 'Currency', 'At'],
  },
};

/** Every row of one kind of my records (all pages). */
export async function recordTable(
  trade: TradeService,
  userId: string,
  kind: ExportKind,
  locale: Locale,
): Promise<RecordTable> {
  const rows: string[][] = [];
  for (let page = 1; ; page++) {
    const request = { page, limit: 100 };
    let batch: string[][];
    let total: number;
    if (kind === 'orders' || kind === 'sales') {
      const result = await trade.orders(userId, kind === 'orders' ? 'buyer' : 'seller', {}, request);
      batch = result.list.map((o) => [
        o.orderNo,
        o.objectName,
        kind === 'orders' ? o.sellerName : o.buyerName,
        priceText(o.amount),
        o.currency,
        priceText(o.refunded),
        o.state,
        o.provider,
        o.createdAt,
        o.paidAt ?? '',
      ]);
      total = result.total;
    } else if (kind === 'payments') {
      const result = await trade.payments(userId, request);
      batch = result.list.map((p) => [
        p.orderNo,
        p.objectName,
        p.kind,
        priceText(p.amount),
        p.currency,
        p.provider,
        p.at,
      ]);
      total = result.total;
    } else {
      const result = await trade.records(userId, request);
      batch = result.list.map((r) => [
        r.objectName,
        r.sellerName,
        r.source,
        r.orderNo ?? '',
        priceText(r.amount),
        r.currency,
        r.at,
      ]);
      total = result.total;
    }
    rows.push(...batch);
    if (rows.length >= total || batch.length === 0) break;
  }
  return { name: kind, header: HEADERS[kind][locale], rows };
}
