import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCryptoEnvelope,
  createPublicKeyCache,
  EnvelopeError,
  envelopeAad,
  fromBase64,
  importPublicKey,
  isSealedResponse,
  PUBLIC_KEY_PATH,
  type SealedRequestBody,
  sealRequest,
  toBase64,
} from './crypto-envelope';

const { subtle } = globalThis.crypto;
const TOKEN = { method: 'post', path: '/uac-api/oauth2/access_token' };
const utf8 = new TextEncoder();

let serverKeys: CryptoKeyPair;
let publicKeyAnswer: { code: number; msg: string; data: { alg: string; publicKey: string; kid: string } };

function pem(der: ArrayBuffer): string {
  const lines = toBase64(new Uint8Array(der)).match(/.{1,64}/g) ?? [];
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`;
}

beforeAll(async () => {
  serverKeys = await subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = await subtle.exportKey('spki', serverKeys.publicKey);
  publicKeyAnswer = { code: 0, msg: 'ok', data: { alg: 'RSA-OAEP-256', publicKey: pem(spki), kid: 'kid-1' } };
});

/** What the server does, written against WebCrypto directly: unwrap the key, open the text. */
async function serverOpen(envelope: SealedRequestBody, aad: string) {
  const raw = await subtle.decrypt({ name: 'RSA-OAEP' }, serverKeys.privateKey, fromBase64(envelope.secret));
  const key = await subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
  const bytes = fromBase64(envelope.text);
  const plain = await subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.subarray(0, 12), additionalData: utf8.encode(aad) },
    key,
    bytes.subarray(12),
  );
  return { raw: new Uint8Array(raw), key, body: JSON.parse(new TextDecoder().decode(plain)) as unknown };
}

async function serverSeal(key: CryptoKey, value: unknown, aad: string) {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const ct = await subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: utf8.encode(aad) },
    key,
    utf8.encode(JSON.stringify(value)),
  );
  const out = new Uint8Array(12 + ct.byteLength);
  out.set(iv);
  out.set(new Uint8Array(ct), 12);
  return { text: toBase64(out) };
}

describe('public key cache', () => {
  it('fetches once for concurrent callers and again after invalidate', async () => {
    let calls = 0;
    const cache = createPublicKeyCache(async () => {
      calls += 1;
      return publicKeyAnswer;
    });
    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    expect(a).toBe(b);
    expect(a.kid).toBe('kid-1');
    expect(a.key.algorithm).toMatchObject({ name: 'RSA-OAEP', hash: { name: 'SHA-256' } });
    expect(calls).toBe(1);
    cache.invalidate();
    await cache.get();
    expect(calls).toBe(2);
  });

  it('does not keep a failed fetch', async () => {
    let calls = 0;
    const cache = createPublicKeyCache(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return publicKeyAnswer.data;
    });
    await expect(cache.get()).rejects.toThrow('offline');
    await expect(cache.get()).resolves.toMatchObject({ kid: 'kid-1' });
    expect(calls).toBe(2);
  });

  it('refuses answers that are not a usable key', async () => {
    const data = publicKeyAnswer.data;
    await expect(importPublicKey({ code: 500, msg: 'no', data })).rejects.toBeInstanceOf(EnvelopeError);
    await expect(importPublicKey({ ...data, alg: 'RSA-OAEP' })).rejects.toBeInstanceOf(EnvelopeError);
    await expect(importPublicKey({ ...data, publicKey: 'garbage' })).rejects.toBeInstanceOf(EnvelopeError);
    await expect(importPublicKey({ ...data, publicKey: `${data.publicKey.slice(0, 80)}` })).rejects.toBeInstanceOf(
      EnvelopeError,
    );
    await expect(importPublicKey(null)).rejects.toBeInstanceOf(EnvelopeError);
  });

  it('points at the uac public key endpoint', () => {
    expect(PUBLIC_KEY_PATH).toBe('/uac-api/oauth2/public_key');
  });
});

describe('sealRequest', () => {
  it('seals a body the server can open with the request AAD, under a fresh 256-bit key', async () => {
    const key = await importPublicKey(publicKeyAnswer);
    const body = { account: 'ada', password: '密码', n: [1, 2] };
    const { envelope } = await sealRequest(body, TOKEN, key);
    expect(envelope.kid).toBe('kid-1');
    expect(fromBase64(envelope.secret)).toHaveLength(256);
    const opened = await serverOpen(envelope, 'POST /uac-api/oauth2/access_token');
    expect(opened.body).toEqual(body);
    expect(opened.raw).toHaveLength(32);
    await expect(serverOpen(envelope, 'POST /uac-api/oauth2/user_perms')).rejects.toThrow();
    await expect(serverOpen(envelope, 'PUT /uac-api/oauth2/access_token')).rejects.toThrow();

    const again = await sealRequest(body, TOKEN, key);
    expect(again.envelope.secret).not.toBe(envelope.secret);
    expect(fromBase64(again.envelope.text).subarray(0, 12)).not.toEqual(fromBase64(envelope.text).subarray(0, 12));
  });

  it('opens the sealed answer and nothing else', async () => {
    const key = await importPublicKey(publicKeyAnswer);
    const sealed = await sealRequest({ a: 1 }, TOKEN, key);
    const { key: aes } = await serverOpen(sealed.envelope, 'POST /uac-api/oauth2/access_token');
    const answer = { code: 0, msg: 'ok', data: { token: 't' } };

    const good = await serverSeal(aes, answer, 'response POST /uac-api/oauth2/access_token');
    expect(isSealedResponse(good)).toBe(true);
    expect(await sealed.open(good)).toEqual(answer);

    // The request's own text reflected back, an answer for another route, a tampered answer.
    await expect(sealed.open({ text: sealed.envelope.text })).rejects.toBeInstanceOf(EnvelopeError);
    const elsewhere = await serverSeal(aes, answer, 'response POST /uac-api/oauth2/user_perms');
    await expect(sealed.open(elsewhere)).rejects.toBeInstanceOf(EnvelopeError);
    const bytes = fromBase64(good.text);
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    await expect(sealed.open({ text: toBase64(bytes) })).rejects.toBeInstanceOf(EnvelopeError);
    await expect(sealed.open({ text: 'not base64!' })).rejects.toBeInstanceOf(EnvelopeError);
    await expect(sealed.open({ text: toBase64(new Uint8Array(20)) })).rejects.toBeInstanceOf(EnvelopeError);
    const notJson = await serverSeal(aes, undefined, 'response POST /uac-api/oauth2/access_token');
    await expect(sealed.open(notJson)).rejects.toBeInstanceOf(EnvelopeError);
  });

  it('passes plaintext failures through and refuses plaintext success', async () => {
    const sealed = await sealRequest({ a: 1 }, TOKEN, await importPublicKey(publicKeyAnswer));
    const failure = { code: 500, msg: '返回数据错误[secret]', data: null };
    expect(await sealed.open(failure)).toBe(failure);
    const forged = { code: 0, msg: 'ok', data: { token: 'forged' } };
    const refused = await sealed.open(forged).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(EnvelopeError);
    expect(refused).toMatchObject({ code: 500, messageKey: 'decryptFailed' });
    await expect(sealed.open('<html>')).rejects.toBeInstanceOf(EnvelopeError);
  });

  it('refuses a body that is not JSON', async () => {
    const key = await importPublicKey(publicKeyAnswer);
    await expect(sealRequest(undefined, TOKEN, key)).rejects.toBeInstanceOf(TypeError);
  });
});

describe('createCryptoEnvelope', () => {
  it('drops its cached key when a sealed request comes back as a plaintext 500', async () => {
    let calls = 0;
    const envelopes = createCryptoEnvelope(async () => {
      calls += 1;
      return publicKeyAnswer;
    });
    const first = await envelopes.sealRequest({ a: 1 }, TOKEN);
    await envelopes.sealRequest({ a: 2 }, TOKEN);
    expect(calls).toBe(1);
    await first.open({ code: 403, msg: 'no', data: null });
    await envelopes.sealRequest({ a: 3 }, TOKEN);
    expect(calls).toBe(1);
    await first.open({ code: 500, msg: '返回数据错误[secret]', data: null });
    await envelopes.sealRequest({ a: 4 }, TOKEN);
    expect(calls).toBe(2);
  });
});

describe('helpers', () => {
  it('computes the AAD from method and path, ignoring origin and query', () => {
    expect(envelopeAad(TOKEN, 'request')).toBe('POST /uac-api/oauth2/access_token');
    expect(envelopeAad({ method: 'put', path: 'https://x.test/a/b?c=1#d' }, 'response')).toBe('response PUT /a/b');
    expect(envelopeAad({ method: 'POST', path: '/文件' }, 'request')).toBe('POST /%E6%96%87%E4%BB%B6');
  });

  it('round-trips base64, large inputs too, and refuses anything but strict base64', () => {
    const big = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7919) % 256);
    const round = fromBase64(toBase64(big));
    expect(round).toHaveLength(big.length);
    expect(round.every((byte, i) => byte === big[i])).toBe(true);
    expect(toBase64(utf8.encode('abc'))).toBe('YWJj');
    for (const bad of ['YWJ', 'YW Jj', 'YWJj=', '@@@@']) expect(() => fromBase64(bad)).toThrow(EnvelopeError);
  });
});
