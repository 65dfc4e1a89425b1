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
import { CLOUD_API, request } from './request';

/** The trade centre's calls (@kerf/contract trade.ts), all under /cloud-api. */

export type { Earnings, EngineRecord, Order, PaymentRecord };

const url = (path: string) => `${CLOUD_API}${path}`;
const itemUrl = (path: string, id: string) => url(path.replace(':id', encodeURIComponent(id)));

function pageOf<T>(data: Page<T> | undefined, page: number, limit: number): Page<T> {
  return { list: data?.list ?? [], total: data?.total ?? 0, page: data?.page ?? page, limit: data?.limit ?? limit };
}

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

export async function listOrders(role: 'buyer' | 'seller', page: number, limit: number, state?: OrderState) {
  const params = { role, page, limit, ...(state ? { state } : {}) };
  return pageOf((await request.get<Page<Order>>(url(TRADE_PATHS.orders), { params })).data, page, limit);
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

/** The address of an export (the session cookie goes with a plain link). */
export function exportUrl(kind: 'orders' | 'sales' | 'payments' | 'records', format: 'csv' | 'xlsx'): string {
  return `${url(TRADE_PATHS.exportRecords)}?${new URLSearchParams({ kind, format })}`;
}
