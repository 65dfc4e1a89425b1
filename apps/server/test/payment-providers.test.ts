import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TRADE_PATHS } from '@kerf/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { storeOrders } from '../src/db/schema.js';
import { createBlobStore } from '../src/infra/blob/index.js';
import { AlipayGateway } from '../src/modules/trade/payments/alipay-provider.js';
import { bootstrapRootToken } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople } from './drive-helpers.js';
import { objectCalls, objectFixtures, objectUrl } from './object-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

/**
 * The WeChat Pay v3, Alipay and Stripe adapters, configured with keys this test generates: each
 * provider's notice, signed the way that provider signs it (and verified by the provider's own SDK in
 * the adapter), moves its order once; a notice signed with another key is refused and changes nothing.
 * The providers cannot be reached from here, so payments are started in the database and only the
 * notices travel, through the real webhook route.
 */
const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

const keys = {
  wechatMerchant: rsa(),
  wechatPlatform: rsa(),
  alipayApp: rsa(),
  alipay: rsa(),
  stranger: rsa(),
};
const API_V3_KEY = randomBytes(16).toString('hex');
const STRIPE_SECRET = `whsec_${randomBytes(24).toString('hex')}`;
const PLATFORM_SERIAL = 'PUB_KEY_ID_0114232134912410000000000';

function pemFile(dir: string, name: string, text: string) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** A WeChat Pay notice: the transaction encrypted with the APIv3 key, the body signed with `privateKey`. */
function wechatNotice(transaction: Record<string, unknown>, privateKey = keys.wechatPlatform.privateKey) {
  const nonce = randomBytes(6).toString('hex');
  const associated = 'transaction';
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(API_V3_KEY), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associated));
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(transaction)), cipher.final(), cipher.getAuthTag()]);
  const body = JSON.stringify({
    id: `EV-${randomBytes(6).toString('hex')}`,
    create_time: new Date().toISOString(),
    event_type: 'TRANSACTION.SUCCESS',
    resource_type: 'encrypt-resource',
    resource: {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: encrypted.toString('base64'),
      associated_data: associated,
      nonce,
    },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signNonce = randomBytes(8).toString('hex');
  const signature = createSign('RSA-SHA256').update(`${timestamp}\n${signNonce}\n${body}\n`).sign(privateKey, 'base64');
  return {
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': signNonce,
      'wechatpay-serial': PLATFORM_SERIAL,
      'wechatpay-signature': signature,
    },
    body,
  };
}

/** An Alipay notice: a form post signed (RSA2) over its sorted fields, without sign and sign_type. */
function alipayNotice(fields: Record<string, string>, privateKey = keys.alipay.privateKey) {
  const content = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  const sign = createSign('RSA-SHA256').update(content).sign(privateKey, 'base64');
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, sign, sign_type: 'RSA2' }).toString(),
  };
}

describe.each(testDatabases)('payment providers on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  const delivery = new RecordingDelivery();
  const people = drivePeople(() => app, delivery);
  const objects = objectCalls(() => app);
  let objectId: string;
  let usdObjectId: string;
  let buyerId: string;
  let sellerId: string;
  const dir = mkdtempSync(join(tmpdir(), 'kerf-pay-keys-'));
  const env = {
    PAY_WECHAT_APP_ID: 'wx0000000000000001',
    PAY_WECHAT_MCH_ID: '1900000001',
    PAY_WECHAT_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    PAY_WECHAT_PRIVATE_KEY_FILE: pemFile(dir, 'wx-key.pem', keys.wechatMerchant.privateKey),
    PAY_WECHAT_CERT_FILE: pemFile(dir, 'wx-cert.pem', keys.wechatMerchant.publicKey),
    PAY_WECHAT_API_V3_KEY: API_V3_KEY,
    PAY_WECHAT_PLATFORM_KEY_FILE: pemFile(dir, 'wx-platform.pem', keys.wechatPlatform.publicKey),
    PAY_WECHAT_PLATFORM_SERIAL: PLATFORM_SERIAL,
    PAY_ALIPAY_APP_ID: '2021000000000001',
    PAY_ALIPAY_PRIVATE_KEY_FILE: pemFile(dir, 'alipay-app.pem', keys.alipayApp.privateKey),
    PAY_ALIPAY_PUBLIC_KEY_FILE: pemFile(dir, 'alipay-public.pem', keys.alipay.publicKey),
    PAY_STRIPE_SECRET_KEY: 'sk_test_kerf',
    PAY_STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
    PUBLIC_URL: 'https://kerf.example.com',
  };

  /** An order as the provider's start would have left it (the providers cannot be reached from here). */
  const pendingOrder = async (provider: 'wechat' | 'alipay' | 'stripe', amount: number, currency: 'CNY' | 'USD') => {
    const orderNo = `KF${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    await db.db.insert(storeOrders).values({
      orderNo,
      buyerId,
      sellerId,
      objectId: currency === 'USD' ? usdObjectId : objectId,
      objectName: 'Provider test',
      amount,
      currency,
      provider,
      expiresAt: new Date(Date.now() + 15 * 60_000),
    });
    return orderNo;
  };
  const stateOf = async (orderNo: string) =>
    (await db.db.select().from(storeOrders).where(eq(storeOrders.orderNo, orderNo)))[0]!.state;
  const deliver = (provider: string, notice: { headers: Record<string, string>; body: string }) =>
    app.inject({
      method: 'POST',
      url: objectUrl(TRADE_PATHS.webhook.replace(':provider', provider)),
      headers: notice.headers,
      payload: notice.body,
    });

  beforeAll(async () => {
    db = await database.open();
    app = await testApp(db, {
      delivery,
      env,
      blobs: await createBlobStore({ storage: 'disk', dir: mkdtempSync(join(tmpdir(), 'kerf-pay-')) }),
    });
    await bootstrapRootToken(app, db.db, delivery);
    const seller = await people.join('ada');
    await people.join('eve');
    buyerId = people.userIds.eve!;
    sellerId = people.userIds.ada!;
    const files = await objectFixtures();
    objectId = await objects.ready(seller, 'Provider object', files);
    await objects.savePrice(seller, { id: objectId, price: 1999, currency: 'CNY', listed: true });
    usdObjectId = await objects.ready(seller, 'Provider object USD', files);
    await objects.savePrice(seller, { id: usdObjectId, price: 1500, currency: 'USD', listed: true });
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  it('offers the providers whose settings are present', async () => {
    const res = await app.inject({
      method: 'GET',
      url: objectUrl('/trade/providers'),
      headers: { authorization: `Bearer ${people.tokens.eve}` },
    });
    expect(res.json().data).toEqual(['sandbox', 'wechat', 'alipay', 'stripe']);
  });

  it('WeChat Pay: a notice signed with the platform key and encrypted with the APIv3 key pays once; another key is refused', async () => {
    const orderNo = await pendingOrder('wechat', 1999, 'CNY');
    const transaction = {
      mchid: env.PAY_WECHAT_MCH_ID,
      out_trade_no: orderNo,
      transaction_id: '4200000000000000001',
      trade_state: 'SUCCESS',
      success_time: new Date().toISOString(),
      amount: { total: 1999, currency: 'CNY' },
    };
    const forged = await deliver('wechat', wechatNotice(transaction, keys.stranger.privateKey));
    expect(forged.statusCode).toBe(400);
    expect(await stateOf(orderNo)).toBe('pending');
    const notice = wechatNotice(transaction);
    const first = await deliver('wechat', notice);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ code: 'SUCCESS', message: '成功' });
    expect((await deliver('wechat', notice)).statusCode).toBe(200);
    expect(await stateOf(orderNo)).toBe('paid');
    const events = rowsOf<{ n: number }>(
      await db.db.execute(
        sql`select count(*)::int as n from store_payment_events e join store_orders o on o.id = e.order_id where o.order_no = ${orderNo}`,
      ),
    );
    expect(events[0]!.n).toBe(1);
  });

  it('Alipay: a notice signed with Alipay’s key pays (amount read exactly from yuan); a forged one is refused', async () => {
    const orderNo = await pendingOrder('alipay', 1999, 'CNY');
    const fields = {
      app_id: env.PAY_ALIPAY_APP_ID,
      notify_id: `nt${Date.now()}`,
      notify_time: '2026-11-27 16:00:00',
      out_trade_no: orderNo,
      trade_no: '2026112722001400000000000001',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '19.99',
      gmt_payment: '2026-11-27 15:59:58',
    };
    expect((await deliver('alipay', alipayNotice(fields, keys.stranger.privateKey))).statusCode).toBe(400);
    expect(await stateOf(orderNo)).toBe('pending');
    // 19.98 is not this order's amount: stored, ignored.
    expect(
      (await deliver('alipay', alipayNotice({ ...fields, notify_id: 'other', total_amount: '19.98' }))).statusCode,
    ).toBe(200);
    expect(await stateOf(orderNo)).toBe('pending');
    const ok = await deliver('alipay', alipayNotice(fields));
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('success');
    expect(await stateOf(orderNo)).toBe('paid');
  });

  it('Alipay: the page address is signed with the application key', async () => {
    const gateway = new AlipayGateway({
      appId: env.PAY_ALIPAY_APP_ID,
      privateKey: keys.alipayApp.privateKey,
      alipayPublicKey: keys.alipay.publicKey,
      gateway: 'https://openapi.alipay.com/gateway.do',
      notifyUrl: 'https://kerf.example.com/cloud-api/trade/webhook/alipay',
    });
    const action = await gateway.start({
      orderNo: 'KF1',
      amount: 1999,
      currency: 'CNY',
      description: 'Fox puzzle',
      expiresAt: new Date(Date.now() + 900_000),
    });
    const params = Object.fromEntries(new URL(action.url).searchParams);
    expect(JSON.parse(params.biz_content!)).toMatchObject({ out_trade_no: 'KF1', total_amount: '19.99' });
    const { sign, ...rest } = params;
    const content = Object.keys(rest)
      .sort()
      .map((k) => `${k}=${rest[k]}`)
      .join('&');
    expect(createVerify('RSA-SHA256').update(content).verify(keys.alipayApp.publicKey, sign!, 'base64')).toBe(true);
  });

  it('Stripe: an event signed with the endpoint secret pays (cents, USD); a wrong secret is refused', async () => {
    const orderNo = await pendingOrder('stripe', 1500, 'USD');
    const payload = JSON.stringify({
      id: `evt_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'cs_test_1',
          object: 'checkout.session',
          client_reference_id: orderNo,
          amount_total: 1500,
          currency: 'usd',
          payment_status: 'paid',
          status: 'complete',
        },
      },
    });
    const signed = (secret: string) => ({
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      body: payload,
    });
    expect((await deliver('stripe', signed(`whsec_${randomBytes(24).toString('hex')}`))).statusCode).toBe(400);
    expect(await stateOf(orderNo)).toBe('pending');
    expect((await deliver('stripe', signed(STRIPE_SECRET))).statusCode).toBe(200);
    expect((await deliver('stripe', signed(STRIPE_SECRET))).statusCode).toBe(200);
    expect(await stateOf(orderNo)).toBe('paid');
  });

  it('refuses a half-configured provider at start-up, naming what is missing', async () => {
    const { loadConfig } = await import('../src/config.js');
    expect(() => loadConfig({ PAY_STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/PAY_STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...env, PAY_ALIPAY_PUBLIC_KEY_FILE: join(dir, 'missing.pem') })).toThrow(/no such file/);
  });
});
