import {
  type Earnings,
  type EngineRecord,
  type Order,
  type OrderState,
  type Page,
  type PaymentProvider,
  type PaymentRecord,
  TRADE_PATHS,
} from '@kerf/contract';
import { settingsStore } from '../stores/settings-store';
import { pageOf } from './page';
import { CLOUD_API, request } from './request';

/** The trade centre's calls (@kerf/contract trade.ts), all under /cloud-api. */

export type { Earnings, EngineRecord, Order, PaymentRecord };

const url = (path: string) => `${CLOUD_API}${path}`;
const itemUrl = (path: string, id: string) => url(path.replace(':id', encodeURIComponent(id)));

/** The payment methods this server has (the sandbox unless it is turned off). */
export async function paymentProviders(): Promise<PaymentProvider[]> {
  return (await request.get<PaymentProvider[]>(url('/trade/providers'))).data ?? [];
}

export async function placeOrder(objectId: string, provider: PaymentProvider = 'sandbox'): Promise<Order> {
  return (await request.post<Order>(url(TRADE_PATHS.order), { objectId, provider }, { repeatSubmit: false })).data;
}

export async function getOrder(id: string): Promise<Order> {
  return (await request.get<Order>(itemUrl(TRADE_PATHS.orderById, id))).data;
}

export async function closeOrder(id: string): Promise<Order> {
  return (await request.post<Order>(itemUrl(TRADE_PATHS.close, id))).data;
}

/** My purchases or sales; `all` (administrators who refund) lists everyone's, found by order number. */
export async function listOrders(
  role: 'buyer' | 'seller' | 'all',
  page: number,
  limit: number,
  filter: { state?: OrderState; orderNo?: string } = {},
) {
  const params = {
    role,
    page,
    limit,
    ...(filter.state ? { state: filter.state } : {}),
    ...(filter.orderNo ? { orderNo: filter.orderNo } : {}),
  };
  return pageOf((await request.get<Page<Order>>(url(TRADE_PATHS.orders), { params })).data, page, limit);
}

/** Refunds part or all of a paid order (minor units) through its provider; answers the server's words. */
export async function refundOrder(id: string, amount: number, reason: string): Promise<string> {
  return (await request.post<Order>(itemUrl(TRADE_PATHS.refund, id), { amount, reason }, { repeatSubmit: false })).msg;
}

export async function listPayments(page: number, limit: number) {
  return pageOf(
    (await request.get<Page<PaymentRecord>>(url(TRADE_PATHS.payments), { params: { page, limit } })).data,
    page,
    limit,
  );
}

export async function earnings(): Promise<Earnings[]> {
  return (await request.get<Earnings[]>(url(TRADE_PATHS.earnings))).data ?? [];
}

export async function engineRecords(page: number, limit: number) {
  return pageOf(
    (await request.get<Page<EngineRecord>>(url(TRADE_PATHS.records), { params: { page, limit } })).data,
    page,
    limit,
  );
}

/** A free object joins my downloads. */
export async function takeFree(objectId: string): Promise<string> {
  return (await request.post(url(TRADE_PATHS.get), { objectId })).msg;
}

/** A copy of an object I may download, into a folder of my drive; answers the new entry's id. */
export async function saveToDrive(objectId: string, folderId = '0'): Promise<{ id: string; msg: string }> {
  const answer = await request.post<string>(url(TRADE_PATHS.save), { objectId, folderId });
  return { id: answer.data, msg: answer.msg };
}

/**
 * The address of an export (the session cookie goes with a plain link; the app's language goes in the
 * address, as a link sends the browser's languages rather than the app's).
 */
export function exportUrl(kind: 'orders' | 'sales' | 'payments' | 'records', format: 'csv' | 'xlsx'): string {
  const lang = settingsStore.getState().locale;
  return `${url(TRADE_PATHS.exportRecords)}?${new URLSearchParams({ kind, format, lang })}`;
}
