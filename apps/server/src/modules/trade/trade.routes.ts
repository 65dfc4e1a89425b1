import {
  type Currency,
  errorEnvelope,
  formatPrice,
  hasPermission,
  type Locale,
  TRADE_PATHS,
  TRADE_PERMISSIONS,
  tradeMessages,
} from '@kerf/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.js';
import { done, ok } from '../../http/envelope.js';
import { sendTable } from '../../http/table-export.js';
import { callerOf } from '../auth/auth.plugin.js';
import { BadSignatureError } from './payments/payment-provider.js';
import type { SandboxGateway } from './payments/sandbox-provider.js';
import {
  earningsResponse,
  exportQuery,
  idParams,
  idResponse,
  objectBody,
  orderBody,
  orderResponse,
  ordersQuery,
  ordersResponse,
  pageQuery,
  paymentsResponse,
  providerParams,
  providersResponse,
  recordsResponse,
  refundBody,
  refundResponse,
  sandboxParams,
  saveBody,
} from './trade.schema.js';
import type { TradeService } from './trade.service.js';
import { recordTable } from './trade-export.js';

const tags = ['trade'];
const errors = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const VIEW = { permission: TRADE_PERMISSIONS.view } as const;
/** Ordering, giving up and taking are idempotent (the same answer again), so a repeat within the window is fine. */
const BUY = { permission: TRADE_PERMISSIONS.buy, duplicateSubmit: false } as const;
const PUBLIC = { auth: 'public' } as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The sandbox's pay page: what is paid for, and one button (a plain form: no script). */
function sandboxPage(
  locale: Locale,
  content: { title: string; amount: string; orderNo: string; action?: string; paid?: boolean },
) {
  const zh = locale === 'zh-CN';
  const body = content.paid
    ? `<p class="done">${zh ? '支付成功，可以回到 Kerf 了。' : 'Paid. You can go back to Kerf.'}</p>`
    : `<form method="post" action="${escapeHtml(content.action ?? '')}"><button type="submit">${zh ? '确认支付' : 'Pay now'} ${escapeHtml(content.amount)}</button></form>`;
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${zh ? 'Kerf 沙箱支付' : 'Kerf sandbox payment'}</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:48px auto;padding:0 16px;color:#1f2329}
h1{font-size:18px}.amount{font-size:32px;color:#d4380d;margin:16px 0}.note{color:#8c96a5;font-size:13px}
button{background:#86a500;color:#fff;border:0;border-radius:6px;padding:12px 20px;font-size:16px;cursor:pointer;width:100%}
.done{color:#5b8c00;font-size:18px}</style></head><body>
<h1>${zh ? 'Kerf 沙箱支付' : 'Kerf sandbox payment'}</h1>
<p>${escapeHtml(content.title)}</p><p class="amount">${escapeHtml(content.amount)}</p>
<p class="note">${zh ? '订单号' : 'Order'} ${escapeHtml(content.orderNo)} · ${zh ? '沙箱不会扣款' : 'No money moves in the sandbox'}</p>
${body}</body></html>`;
}

/**
 * Provider webhooks and the sandbox's pages: no session, so they live apart from the signed-in routes;
 * their bodies are read raw, since signatures cover the exact bytes.
 */
const publicTradeRoutes: FastifyPluginAsyncZod<{ trade: TradeService; sandbox: SandboxGateway }> = async (
  app,
  { trade, sandbox },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, finish) => finish(null, body));

  app.post(
    TRADE_PATHS.webhook,
    {
      config: { ...PUBLIC, duplicateSubmit: false },
      schema: {
        tags,
        summary: 'A payment provider’s notice (signed by the provider; stored once per event id)',
        params: providerParams,
      },
    },
    async (request, reply) => {
      try {
        const answer = await trade.webhook(request.params.provider, {
          headers: request.headers,
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.from(''),
        });
        if (answer.contentType) reply.type(answer.contentType);
        return reply.code(answer.status).send(answer.body);
      } catch (error) {
        if (error instanceof BadSignatureError || error instanceof SyntaxError) {
          request.log.warn({ provider: request.params.provider, reason: error.message }, 'payment notice refused');
          throw new AppError(400, tradeMessages.badSignature, { code: 400 });
        }
        throw error;
      }
    },
  );

  /** The order a sandbox pay page names, or 404. */
  const sandboxOrder = async (paymentId: string) => {
    const orderNo = sandbox.read(paymentId);
    const order = orderNo ? await trade.orderByNo(orderNo) : undefined;
    if (order?.provider !== 'sandbox') throw AppError.notFound(tradeMessages.orderNotFound);
    return order;
  };
  const pageOf = (
    locale: Locale,
    order: { objectName: string; amount: number; currency: string; orderNo: string; state: string },
    action?: string,
  ) =>
    sandboxPage(locale, {
      title: order.objectName,
      amount: formatPrice(order.amount, order.currency as Currency),
      orderNo: order.orderNo,
      action,
      paid: order.state === 'paid' || order.state === 'refunded',
    });

  app.get(
    TRADE_PATHS.sandboxPage,
    { config: PUBLIC, schema: { tags, summary: 'The sandbox provider’s pay page (HTML)', params: sandboxParams } },
    async (request, reply) => {
      const order = await sandboxOrder(request.params.paymentId);
      const html = pageOf(request.locale, order, `${request.url.split('?')[0]}/pay`);
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );

  app.post(
    TRADE_PATHS.sandboxPay,
    {
      config: { ...PUBLIC, duplicateSubmit: false },
      schema: {
        tags,
        summary: 'Pay in the sandbox: its signed notice goes to the webhook as a provider’s would',
        params: sandboxParams,
      },
    },
    async (request, reply) => {
      const order = await sandboxOrder(request.params.paymentId);
      if (order.state === 'pending' || order.state === 'closed') {
        const notice = sandbox.pay({
          orderNo: order.orderNo,
          amount: order.amount,
          currency: order.currency as Currency,
        });
        // Through the webhook route itself: the same signature check and the same once-only handling.
        const delivered = await (request.server as FastifyInstance).inject({
          method: 'POST',
          url: `/cloud-api${TRADE_PATHS.webhook.replace(':provider', 'sandbox')}`,
          headers: notice.headers,
          payload: notice.body,
        });
        if (delivered.statusCode !== 200) throw new AppError(502, tradeMessages.badSignature, { code: 502 });
      }
      const html = pageOf(request.locale, (await trade.orderByNo(order.orderNo))!);
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );
};

/** The trade centre (contract: packages/contract/src/trade.ts), under /cloud-api. */
export const tradeRoutes: FastifyPluginAsyncZod<{ trade: TradeService; sandbox: SandboxGateway }> = async (
  app,
  { trade, sandbox },
) => {
  await app.register(publicTradeRoutes, { trade, sandbox });

  app.get(
    '/trade/providers',
    {
      config: VIEW,
      schema: { tags, summary: 'The payment methods this server has', response: { 200: providersResponse } },
    },
    async (request) => ok(request, trade.providers()),
  );

  app.post(
    TRADE_PATHS.order,
    {
      config: BUY,
      schema: {
        tags,
        summary: 'Order a listed object (the pending order when there is one), with how to pay',
        body: orderBody,
        response: { 200: orderResponse, ...errors },
      },
    },
    async (request) =>
      ok(request, await trade.order(callerOf(request).userId, request.body.objectId, request.body.provider)),
  );

  app.get(
    TRADE_PATHS.orders,
    {
      config: VIEW,
      schema: {
        tags,
        summary:
          'My purchases (role=buyer) or my sales (role=seller); every order (role=all, administrators who refund)',
        querystring: ordersQuery,
        response: { 200: ordersResponse, 403: errorEnvelope },
      },
    },
    async (request) => {
      const { role, state, orderNo, page, limit } = request.query;
      const caller = callerOf(request);
      if (role === 'all' && !hasPermission(caller, TRADE_PERMISSIONS.refund)) throw AppError.forbidden();
      return ok(request, await trade.orders(caller.userId, role, { state, orderNo }, { page, limit }));
    },
  );

  app.get(
    TRADE_PATHS.orderById,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'One of my orders (as buyer or seller)',
        params: idParams,
        response: { 200: orderResponse, ...errors },
      },
    },
    async (request) => ok(request, await trade.present(callerOf(request).userId, request.params.id)),
  );

  app.post(
    TRADE_PATHS.close,
    {
      config: BUY,
      schema: {
        tags,
        summary: 'Give up my pending order',
        params: idParams,
        response: { 200: orderResponse, ...errors },
      },
    },
    async (request) =>
      done(request, tradeMessages.closed, await trade.close(callerOf(request).userId, request.params.id)),
  );

  app.post(
    TRADE_PATHS.refund,
    {
      config: { permission: TRADE_PERMISSIONS.refund },
      schema: {
        tags,
        summary: 'Refund part or all of a paid order, in minor units, through its provider (administrators)',
        params: idParams,
        body: refundBody,
        response: { 200: refundResponse, ...errors },
      },
    },
    async (request) =>
      done(
        request,
        tradeMessages.refunded,
        await trade.refund(request.params.id, request.body.amount, request.body.reason),
      ),
  );

  app.get(
    TRADE_PATHS.payments,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'My payment records (paid, refunded) on orders I bought or sold',
        querystring: pageQuery,
        response: { 200: paymentsResponse },
      },
    },
    async (request) => ok(request, await trade.payments(callerOf(request).userId, request.query)),
  );

  app.get(
    TRADE_PATHS.earnings,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'My sales and earnings per currency (minor units)',
        response: { 200: earningsResponse },
      },
    },
    async (request) => ok(request, await trade.earnings(callerOf(request).userId)),
  );

  app.get(
    TRADE_PATHS.records,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'My downloads and purchases (SPEC §7 engineRecord)',
        querystring: pageQuery,
        response: { 200: recordsResponse },
      },
    },
    async (request) => ok(request, await trade.records(callerOf(request).userId, request.query)),
  );

  app.get(
    TRADE_PATHS.exportRecords,
    {
      config: { ...VIEW, tokenCookie: true, operLog: { type: 'export' } },
      schema: { tags, summary: 'My orders, sales, payments or downloads as CSV or XLSX', querystring: exportQuery },
    },
    async (request, reply) => {
      const { kind, format, lang } = request.query;
      const table = await recordTable(trade, callerOf(request).userId, kind, lang ?? request.locale);
      return sendTable(reply, table, format, `kerf-${kind}-${new Date().toISOString().slice(0, 10)}`);
    },
  );

  app.post(
    TRADE_PATHS.get,
    {
      config: BUY,
      schema: {
        tags,
        summary: 'Take a free listed object into my downloads',
        body: objectBody,
        response: { 200: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      await trade.getFree(callerOf(request).userId, request.body.objectId);
      return done(request, tradeMessages.got);
    },
  );

  app.post(
    TRADE_PATHS.save,
    {
      config: BUY,
      schema: {
        tags,
        summary: 'Save a copy of an object I own or may download into a folder of my drive; answers its id',
        body: saveBody,
        response: { 200: idResponse, ...errors },
      },
    },
    async (request) => {
      const id = await trade.saveToDrive(callerOf(request).userId, request.body.objectId, request.body.folderId);
      return done(request, tradeMessages.saved, id);
    },
  );
};
