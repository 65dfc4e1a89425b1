import { OBJECT_PATHS, TRADE_PATHS } from '@kerf/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { storeOrders } from '../src/db/schema.js';
import { ServerSecretRepository } from '../src/modules/system/server-secret.repository.js';
import { SandboxGateway } from '../src/modules/trade/payments/sandbox-provider.js';
import { call, type Json } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { type Fixtures, type ObjectSuite, objectUrl, useObjectSuite } from './object-helpers.js';
import { documentedRoutes } from './openapi-helpers.js';

/**
 * The trade centre: orders through the sandbox provider, signed notices applied once (repeats, out of
 * order, racing the timeout), reconciliation, refunds bounded by what was paid, what buyers may
 * download, records and their exports, and who may see what.
 */
describe.each(testDatabases)('the trade centre on $name', (database) => {
  const suite = useObjectSuite(database, 'trade', ['ada', 'eve', 'bob']);
  const { people, objects } = suite;
  let db: ObjectSuite['db'];
  let app: FastifyInstance;
  let ada: string;
  let eve: string;
  let bob: string;
  let admin: string;
  let files: Fixtures;
  /** The same provider as the server's, for notices a test writes itself. */
  let sandbox: SandboxGateway;

  const api = (method: 'GET' | 'POST', path: string, token: string | null, body?: Record<string, unknown>) =>
    call(app, method, objectUrl(path), { token: token ?? undefined, body });
  const order = (token: string | null, objectId: string) => api('POST', TRADE_PATHS.order, token, { objectId });
  const orderRow = async (id: string) => (await db.db.select().from(storeOrders).where(eq(storeOrders.id, id)))[0]!;
  const deliver = (notice: { headers: Record<string, string>; body: string }) =>
    app.inject({
      method: 'POST',
      url: objectUrl(TRADE_PATHS.webhook.replace(':provider', 'sandbox')),
      headers: notice.headers,
      payload: notice.body,
    });
  const paper = async (token: string, objectId: string) => {
    const info = (await objects.get(token, objectId)).body.data ?? (await objects.get(ada, objectId)).body.data;
    return app.inject({
      method: 'GET',
      url: objectUrl(OBJECT_PATHS.attachment.replace(':id', info.papers[0].id)),
      headers: { authorization: `Bearer ${token}` },
    });
  };
  const listed = async (name: string, price: number, currency = 'CNY') => {
    const id = await objects.ready(ada, name, files);
    const res = await objects.savePrice(ada, { id, price, currency, listed: true });
    expect(res.body.code, res.body.msg).toBe(0);
    return id;
  };
  /** Pays an order on the sandbox's page, as a buyer's click does. */
  const payOnPage = async (payUrl: string) => {
    const path = new URL(payUrl, 'http://kerf.local').pathname;
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    return app.inject({ method: 'POST', url: `${path}/pay` });
  };

  beforeAll(async () => {
    ({ db, app, admin, files } = suite);
    ada = suite.tokens.ada!;
    eve = suite.tokens.eve!;
    bob = suite.tokens.bob!;
    sandbox = new SandboxGateway(new ServerSecretRepository(db.db), () => '');
    await sandbox.load();
  });

  it('documents every trade route in the OpenAPI document', async () => {
    const documented = documentedRoutes(app, '/cloud-api/trade/');
    expect(documented).toEqual(
      [
        'GET /cloud-api/trade/providers',
        'POST /cloud-api/trade/order',
        'GET /cloud-api/trade/order/list',
        'GET /cloud-api/trade/order/{id}',
        'POST /cloud-api/trade/order/{id}/close',
        'POST /cloud-api/trade/order/{id}/refund',
        'GET /cloud-api/trade/payment/list',
        'GET /cloud-api/trade/earnings',
        'GET /cloud-api/trade/engineRecord/list',
        'GET /cloud-api/trade/export',
        'POST /cloud-api/trade/get',
        'POST /cloud-api/trade/save',
        'POST /cloud-api/trade/webhook/{provider}',
        'GET /cloud-api/trade/sandbox/{paymentId}',
        'POST /cloud-api/trade/sandbox/{paymentId}/pay',
      ].sort(),
    );
  });

  it('sells through the sandbox: one pending order, the pay page, the signed notice, then the drawings', async () => {
    const fox = await listed('Fox puzzle', 1999);
    const first = await order(eve, fox);
    expect(first.body.data).toMatchObject({
      state: 'pending',
      amount: 1999,
      currency: 'CNY',
      provider: 'sandbox',
      mine: 'buyer',
    });
    expect(first.body.data.pay).toMatchObject({ provider: 'sandbox', kind: 'qr' });
    // Asking again while it is pending answers the same order.
    const again = await order(eve, fox);
    expect(again.body.data.id).toBe(first.body.data.id);
    // Nobody downloads a paid drawing without an order.
    expect((await paper(eve, fox)).statusCode).toBe(403);
    expect((await paper(eve, fox)).json().msg).toBe('请先购买该物件');
    const page = await app.inject({ method: 'GET', url: new URL(first.body.data.pay.url, 'http://x').pathname });
    expect(page.body).toContain('¥19.99');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const paid = await payOnPage(first.body.data.pay.url);
    expect(paid.statusCode).toBe(200);
    const after = await api('GET', TRADE_PATHS.orderById.replace(':id', first.body.data.id), eve);
    expect(after.body.data).toMatchObject({ state: 'paid', pay: null });
    expect(after.body.data.paidAt).toBeTruthy();
    expect((await objects.get(eve, fox)).body.data.entitled).toBe(true);
    // Now the drawings are the buyer's to download, byte for byte.
    const download = await paper(eve, fox);
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, files.dxf)).toBe(0);
    // Buying it again is refused; the seller sees the sale and the earnings.
    expect((await order(eve, fox)).body.msg).toBe('你已拥有该物件');
    const sales = await api('GET', `${TRADE_PATHS.orders}?role=seller`, ada);
    expect(sales.body.data.list.map((o: Json) => [o.objectName, o.buyerName, o.state])).toEqual([
      ['Fox puzzle', 'EVE', 'paid'],
    ]);
    const earnings = await api('GET', TRADE_PATHS.earnings, ada);
    expect(earnings.body.data).toEqual([{ currency: 'CNY', sales: 1, paid: 1999, refunded: 0, net: 1999 }]);
    const records = await api('GET', TRADE_PATHS.records, eve);
    expect(records.body.data.list).toMatchObject([
      { objectName: 'Fox puzzle', source: 'order', amount: 1999, sellerName: 'ADA' },
    ]);
    const payments = await api('GET', TRADE_PATHS.payments, ada);
    expect(payments.body.data.list.map((p: Json) => [p.kind, p.amount])).toEqual([['paid', 1999]]);
    // The seller's object is untouched: still theirs, still listed.
    expect((await objects.get(ada, fox)).body.data).toMatchObject({ mine: true, listed: true });
  });

  it('refuses a buyer’s own object, a free one (taken instead), and providers it does not have', async () => {
    const own = await listed('Own lamp', 500);
    expect((await order(ada, own)).body.msg).toBe('不能购买自己的物件');
    const free = await listed('Free coaster', 0);
    expect((await order(eve, free)).body.msg).toBe('免费物件无需下单');
    expect((await api('POST', TRADE_PATHS.order, eve, { objectId: own, provider: 'stripe' })).body.msg).toBe(
      '该支付方式未开通',
    );
    // A free object is downloadable once taken, and counts one download however often it is taken.
    expect((await paper(bob, free)).statusCode).toBe(403);
    for (let i = 0; i < 2; i++) expect((await api('POST', TRADE_PATHS.get, bob, { objectId: free })).body.code).toBe(0);
    expect((await paper(bob, free)).statusCode).toBe(200);
    const shop = await api('GET', '/store/gallery/shop?keyword=Free%20coaster', bob);
    expect(shop.body.data.list[0].downloads).toBe(1);
    expect((await api('POST', TRADE_PATHS.get, bob, { objectId: own })).body.msg).toBe('该物件需要购买');
  });

  it('applies each signed notice once: repeats, wrong amounts, bad signatures and out-of-order notices change nothing', async () => {
    const owl = await listed('Owl lamp', 3000);
    const placed = (await order(bob, owl)).body.data;
    const notice = (content: Record<string, unknown>) =>
      sandbox.notice({
        id: `evt-${Math.random()}`,
        orderNo: placed.orderNo,
        currency: 'CNY',
        at: new Date().toISOString(),
        ...content,
      });
    // Unsigned or wrongly signed: refused, nothing stored.
    const forged = notice({ type: 'payment.succeeded', amount: 3000 });
    // One hex digit of the signature changed (to another digit, whatever it was).
    forged.headers['kerf-sandbox-signature'] = forged.headers['kerf-sandbox-signature']!.replace(
      /v1=(.)/,
      (_, digit: string) => `v1=${digit === '0' ? '1' : '0'}`,
    );
    expect((await deliver(forged)).statusCode).toBe(400);
    expect((await deliver({ headers: { 'content-type': 'application/json' }, body: forged.body })).statusCode).toBe(
      400,
    );
    // A payment of another amount is not this order's.
    expect((await deliver(notice({ type: 'payment.succeeded', amount: 1 }))).statusCode).toBe(200);
    expect((await orderRow(placed.id)).state).toBe('pending');
    // The real one, delivered twice (same event id): paid once, one event applied.
    const real = notice({ id: 'evt-owl-paid', type: 'payment.succeeded', amount: 3000, ref: 'SBX-1' });
    expect((await deliver(real)).statusCode).toBe(200);
    expect((await deliver(real)).statusCode).toBe(200);
    expect((await orderRow(placed.id)).state).toBe('paid');
    const events = rowsOf<{ applied: string; n: number }>(
      await db.db.execute(
        sql`select applied, count(*)::int as n from store_payment_events e join store_orders o on o.id = e.order_id where o.id = ${placed.id} group by applied order by applied`,
      ),
    );
    expect(events).toEqual([
      { applied: 'applied', n: 1 },
      { applied: 'ignored', n: 1 },
    ]);
    // A "closed" notice arriving after the payment does not undo it.
    await deliver(notice({ type: 'payment.closed', amount: 3000 }));
    expect((await orderRow(placed.id)).state).toBe('paid');
    expect((await paper(bob, owl)).statusCode).toBe(200);
  });

  it('closes unpaid orders at the timeout after asking the provider, and takes a payment that races the timeout', async () => {
    const deer = await listed('Deer head', 4500);
    const box = await listed('Jewel box', 800);
    const late = (await order(eve, deer)).body.data;
    const found = (await order(eve, box)).body.data;
    // Paid on the provider's side, but its notice never came: the reconciliation finds it.
    sandbox.pay({ orderNo: found.orderNo, amount: 800, currency: 'CNY' });
    await db.db
      .update(storeOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(storeOrders.buyerId, people.userIds.eve!));
    // The server's own sandbox instance knows nothing of this test's payment, so ask ours through the service.
    const { TradeService } = await import('../src/modules/trade/trade.service.js');
    const { TradeRepository } = await import('../src/modules/trade/trade.repository.js');
    const { ObjectRepository } = await import('../src/modules/objects/object.repository.js');
    const service = new TradeService({
      trade: new TradeRepository(db.db),
      objects: new ObjectRepository(db.db),
      drive: undefined as never,
      gateways: new Map([['sandbox', sandbox]]),
    });
    expect(await service.reconcile()).toBeGreaterThanOrEqual(2);
    expect((await orderRow(found.id)).state).toBe('paid');
    expect((await orderRow(late.id)).state).toBe('closed');
    // Its payment arrives just after the timeout closed it: the money is the buyer's, so is the object.
    await deliver(
      sandbox.notice({
        id: 'evt-deer-late',
        type: 'payment.succeeded',
        orderNo: late.orderNo,
        amount: 4500,
        currency: 'CNY',
        at: new Date().toISOString(),
      }),
    );
    expect((await orderRow(late.id)).state).toBe('paid');
    expect((await paper(eve, deer)).statusCode).toBe(200);
    // A buyer may give up a pending order; a closed one cannot be closed again.
    const frame = await listed('Photo frame', 1200);
    const given = (await order(bob, frame)).body.data;
    expect((await api('POST', TRADE_PATHS.close.replace(':id', given.id), bob)).body.data.state).toBe('closed');
    expect((await api('POST', TRADE_PATHS.close.replace(':id', given.id), bob)).body.msg).toBe('订单已不是待支付状态');
    // And orders again: a new pending one.
    expect((await order(bob, frame)).body.data.id).not.toBe(given.id);
  });

  it('keeps one pending order when a buyer orders twice at the same moment', async () => {
    const chime = await listed('Wind chime', 999);
    const both = await Promise.all([order(bob, chime), order(bob, chime)]);
    expect(new Set(both.map((r) => r.body.data.id)).size).toBe(1);
    const pending = rowsOf<{ n: number }>(
      await db.db.execute(
        sql`select count(*)::int as n from store_orders where object_id = ${chime} and state = 'pending'`,
      ),
    );
    expect(pending[0]!.n).toBe(1);
  });

  it('lets only administrators refund, never more than was paid; a full refund takes the object back', async () => {
    const mask = await listed('Fox mask', 2000);
    const placed = (await order(bob, mask)).body.data;
    await payOnPage(placed.pay.url);
    const refund = (token: string, amount: number) =>
      api('POST', TRADE_PATHS.refund.replace(':id', placed.id), token, { amount, reason: 'damaged file' });
    // the refunder finds any order by its number; nobody else lists everyone's orders
    const everyone = (token: string) => api('GET', `${TRADE_PATHS.orders}?role=all&orderNo=${placed.orderNo}`, token);
    expect((await everyone(bob)).status).toBe(403);
    expect((await everyone(ada)).status).toBe(403);
    expect((await api('GET', `${TRADE_PATHS.orders}?role=all`, null)).status).toBe(401);
    const found = (await everyone(admin)).body.data;
    expect(found.total).toBe(1);
    expect(found.list[0]).toMatchObject({ id: placed.id, state: 'paid', mine: null, pay: null, buyerName: 'BOB' });
    expect((await refund(bob, 100)).status).toBe(403);
    expect((await refund(ada, 100)).status).toBe(403);
    expect((await refund(admin, 5.5)).status).toBe(400);
    const part = await refund(admin, 500);
    expect(part.body.data).toMatchObject({ state: 'paid', refunded: 500, reason: 'damaged file' });
    expect((await refund(admin, 1501)).body.msg).toBe('退款金额超过可退金额');
    const rest = await refund(admin, 1500);
    expect(rest.body.data).toMatchObject({ state: 'refunded', refunded: 2000 });
    expect((await refund(admin, 1)).body.msg).toBe('订单未支付，不能退款');
    expect((await paper(bob, mask)).statusCode).toBe(403);
    const earnings = (await api('GET', TRADE_PATHS.earnings, ada)).body.data.find((e: Json) => e.currency === 'CNY');
    expect(earnings.refunded).toBe(2000);
    expect(earnings.net).toBe(earnings.paid - 2000);
  });

  it('exports records as CSV and XLSX, amounts as exact decimals', async () => {
    const csv = await app.inject({
      method: 'GET',
      url: objectUrl(`${TRADE_PATHS.exportRecords}?kind=sales&format=csv`),
      headers: { authorization: `Bearer ${ada}` },
    });
    expect(csv.statusCode).toBe(200);
    const text = csv.body;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('订单号,物件,买家,金额,币种,已退款,状态,支付方式,下单时间,支付时间');
    expect(lines.some((line) => line.includes(',Fox puzzle,EVE,19.99,CNY,0.00,paid,sandbox,'))).toBe(true);
    // a download link sends the browser's languages; the app names its own in the address
    const english = await app.inject({
      method: 'GET',
      url: objectUrl(`${TRADE_PATHS.exportRecords}?kind=sales&format=csv&lang=en`),
      headers: { authorization: `Bearer ${ada}`, 'accept-language': 'zh-CN' },
    });
    expect(english.body.slice(1).split('\r\n')[0]).toBe(
      'Order no.,Object,Buyer,Amount,Currency,Refunded,State,Provider,Ordered at,Paid at',
    );
    const xlsx = await app.inject({
      method: 'GET',
      url: objectUrl(`${TRADE_PATHS.exportRecords}?kind=orders&format=xlsx`),
      headers: { authorization: `Bearer ${eve}`, 'accept-language': 'en' },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(xlsx.headers['content-disposition']).toMatch(/\.xlsx"$/);
  });

  it('saves a bought object into the buyer’s drive, and nothing they have not bought', async () => {
    const bought = rowsOf<{ object_id: string }>(
      await db.db.execute(sql`select object_id from store_entitlements where user_id = ${people.userIds.eve!} limit 1`),
    )[0]!.object_id;
    const saved = await api('POST', TRADE_PATHS.save, eve, { objectId: bought, folderId: '0' });
    expect(saved.body).toMatchObject({ code: 0, msg: '已保存到云盘' });
    const copy = (await objects.get(eve, saved.body.data)).body.data;
    expect(copy).toMatchObject({ mine: true, listed: false });
    expect(copy.papers).toHaveLength(1);
    const notBought = await listed('Not bought', 700);
    expect((await api('POST', TRADE_PATHS.save, eve, { objectId: notBought, folderId: '0' })).status).toBe(403);
  });

  it('shows orders only to their buyer and seller, and closes every route to anonymous callers', async () => {
    const sold = (await order(bob, await listed('Matrix tag', 300))).body.data;
    const byId = (token: string) => api('GET', TRADE_PATHS.orderById.replace(':id', sold.id), token);
    expect((await byId(bob)).body.data).toMatchObject({ mine: 'buyer', state: 'pending' });
    expect((await byId(ada)).body.data).toMatchObject({ mine: 'seller', pay: null });
    expect((await byId(eve)).status).toBe(404);
    expect((await byId(admin)).status).toBe(404);
    expect((await api('POST', TRADE_PATHS.close.replace(':id', sold.id), ada)).status).toBe(404);
    expect(
      (await api('GET', `${TRADE_PATHS.orders}?role=buyer`, eve)).body.data.list.map((o: Json) => o.id),
    ).not.toContain(sold.id);
    for (const [method, path] of [
      ['POST', TRADE_PATHS.order],
      ['GET', TRADE_PATHS.orders],
      ['GET', TRADE_PATHS.payments],
      ['GET', TRADE_PATHS.earnings],
      ['GET', TRADE_PATHS.records],
      ['GET', TRADE_PATHS.exportRecords],
      ['POST', TRADE_PATHS.get],
      ['POST', TRADE_PATHS.save],
      ['POST', TRADE_PATHS.refund.replace(':id', sold.id)],
    ] as const) {
      expect((await api(method, path, null, method === 'POST' ? {} : undefined)).status, path).toBe(401);
    }
  });
});
