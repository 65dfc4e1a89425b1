import { constants, createCipheriv, createDecipheriv, publicEncrypt, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decodeBase64Strict,
  decryptRequest,
  decryptResponse,
  EnvelopeError,
  type EnvelopeKeyPair,
  encryptRequest,
  encryptResponse,
  generateEnvelopeKeyPair,
  isSealedRequest,
  keyPairFromPrivatePem,
  privatePemOf,
  requestAad,
  responseAad,
} from './envelope-crypto.js';

const AAD = requestAad('post', '/uac-api/oauth2/access_token');
const BODY = { account: 'ada', password: '秘密-123', nested: { n: 1, list: [true, null] } };

let pair: EnvelopeKeyPair;
let other: EnvelopeKeyPair;

beforeAll(async () => {
  [pair, other] = await Promise.all([generateEnvelopeKeyPair(), generateEnvelopeKeyPair()]);
});

/** The reason an envelope is refused, or 'opened'. */
function refusal(envelope: unknown, keys: EnvelopeKeyPair = pair, aad = AAD): string {
  try {
    decryptRequest(envelope as never, keys, aad);
    return 'opened';
  } catch (err) {
    if (err instanceof EnvelopeError) return err.reason;
    throw err;
  }
}

/** A sealed request built from the primitives alone, exactly as the wire format is documented. */
function sealByHand(plaintext: Buffer, aesKey: Buffer, aad: string, publicKey = pair.publicKey) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
  cipher.setAAD(Buffer.from(aad));
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return {
    secret: publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      aesKey,
    ).toString('base64'),
    text: Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64'),
  };
}

function flipByte(base64: string, index: number): string {
  const bytes = Buffer.from(base64, 'base64');
  const at = index < 0 ? bytes.length + index : index;
  bytes[at] = (bytes[at] ?? 0) ^ 0x01;
  return bytes.toString('base64');
}

describe('envelope crypto', () => {
  it('opens what the Node client half seals and hands back the AES key', () => {
    const { envelope, key } = encryptRequest(BODY, pair, AAD);
    expect(envelope.kid).toBe(pair.kid);
    expect(Buffer.from(envelope.secret, 'base64')).toHaveLength(256);
    const opened = decryptRequest(envelope, pair, AAD);
    expect(opened.body).toEqual(BODY);
    expect(opened.key.equals(key)).toBe(true);
  });

  it('follows the documented wire format byte for byte', () => {
    const aesKey = randomBytes(32);
    const envelope = sealByHand(Buffer.from(JSON.stringify(BODY)), aesKey, 'POST /uac-api/oauth2/access_token');
    expect(decryptRequest(envelope, pair, AAD).body).toEqual(BODY);

    const sealed = encryptResponse('{"code":0,"msg":"ok","data":7}', aesKey, responseAad('POST', '/x'));
    const bytes = Buffer.from(sealed.text, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', aesKey, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from('response POST /x'));
    decipher.setAuthTag(bytes.subarray(-16));
    const plain = Buffer.concat([decipher.update(bytes.subarray(12, -16)), decipher.final()]).toString();
    expect(JSON.parse(plain)).toEqual({ code: 0, msg: 'ok', data: 7 });
  });

  it('seals each message with a fresh IV', () => {
    const key = randomBytes(32);
    const a = encryptResponse('"same"', key, 'x');
    const b = encryptResponse('"same"', key, 'x');
    expect(a.text).not.toBe(b.text);
    expect(Buffer.from(a.text, 'base64').subarray(0, 12)).not.toEqual(Buffer.from(b.text, 'base64').subarray(0, 12));
    expect(decryptResponse(a, key, 'x')).toBe('same');
    expect(decryptResponse(b, key, 'x')).toBe('same');
  });

  it('round-trips a response and refuses it under the request AAD (no reflection)', () => {
    const key = randomBytes(32);
    const sealed = encryptResponse(JSON.stringify({ code: 0, data: 'tok' }), key, responseAad('POST', '/a'));
    expect(decryptResponse(sealed, key, responseAad('POST', '/a'))).toEqual({ code: 0, data: 'tok' });
    expect(() => decryptResponse(sealed, key, requestAad('POST', '/a'))).toThrow(EnvelopeError);
    expect(() => decryptResponse(sealed, randomBytes(32), responseAad('POST', '/a'))).toThrow(EnvelopeError);
  });

  it('refuses tampered ciphertext, tag and IV', () => {
    const { envelope } = encryptRequest(BODY, pair, AAD);
    expect(refusal({ ...envelope, text: flipByte(envelope.text, 20) })).toBe('ciphertext');
    expect(refusal({ ...envelope, text: flipByte(envelope.text, -1) })).toBe('ciphertext');
    expect(refusal({ ...envelope, text: flipByte(envelope.text, 0) })).toBe('ciphertext');
    expect(refusal(envelope)).toBe('opened');
  });

  it('refuses an envelope sealed for another route or method', () => {
    const { envelope } = encryptRequest(BODY, pair, AAD);
    expect(refusal(envelope, pair, requestAad('POST', '/uac-api/oauth2/user_perms'))).toBe('ciphertext');
    expect(refusal(envelope, pair, requestAad('PUT', '/uac-api/oauth2/access_token'))).toBe('ciphertext');
  });

  it('refuses an envelope sealed for another key', () => {
    const { envelope } = encryptRequest(BODY, other, AAD);
    expect(refusal(envelope)).toBe('unknown-key');
    const { kid: _ignored, ...withoutKid } = envelope;
    expect(refusal(withoutKid)).toBe('secret');
  });

  it('refuses malformed base64 and wrong field types', () => {
    const { envelope } = encryptRequest(BODY, pair, AAD);
    expect(refusal({ ...envelope, text: `${envelope.text.slice(0, -4)}@@@@` })).toBe('malformed');
    expect(refusal({ ...envelope, secret: `${envelope.secret} ` })).toBe('malformed');
    expect(refusal({ ...envelope, text: `${envelope.text.slice(0, -4)}ab-_` })).toBe('malformed');
    expect(refusal({ ...envelope, text: envelope.text.slice(0, -1) })).toBe('malformed');
    expect(refusal({ ...envelope, secret: 12 })).toBe('malformed');
    expect(refusal({ ...envelope, text: { a: 1 } })).toBe('malformed');
    expect(() => decodeBase64Strict('abc')).toThrow(EnvelopeError);
    expect(decodeBase64Strict('YWJj').toString()).toBe('abc');
  });

  it('refuses oversized, short and garbage secrets before or at the RSA step', () => {
    const { envelope } = encryptRequest(BODY, pair, AAD);
    expect(refusal({ ...envelope, secret: randomBytes(4096).toString('base64') })).toBe('malformed');
    expect(refusal({ ...envelope, secret: randomBytes(512).toString('base64') })).toBe('malformed');
    expect(refusal({ ...envelope, secret: randomBytes(255).toString('base64') })).toBe('malformed');
    expect(refusal({ ...envelope, secret: randomBytes(256).toString('base64') })).toBe('secret');
    expect(refusal({ ...envelope, secret: flipByte(envelope.secret, 100) })).toBe('secret');
  });

  it('refuses an AES key that is not 256 bits', () => {
    const short = sealByHand(Buffer.from('{}'), randomBytes(32), AAD);
    const wrapped16 = publicEncrypt(
      { key: pair.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      randomBytes(16),
    ).toString('base64');
    expect(refusal({ ...short, secret: wrapped16 })).toBe('secret');
  });

  it('refuses a text too short to hold IV and tag', () => {
    const { envelope } = encryptRequest(BODY, pair, AAD);
    expect(refusal({ ...envelope, text: randomBytes(28).toString('base64') })).toBe('malformed');
    expect(refusal({ ...envelope, text: '' })).toBe('malformed');
  });

  it('refuses plaintext that is not UTF-8 JSON, and prototype poisoning', () => {
    const key = randomBytes(32);
    expect(refusal(sealByHand(Buffer.from([0xff, 0xfe, 0x7b]), key, AAD))).toBe('payload');
    expect(refusal(sealByHand(Buffer.from('{"a":'), key, AAD))).toBe('payload');
    expect(refusal(sealByHand(Buffer.from('{"__proto__":{"admin":true}}'), key, AAD))).toBe('payload');
    expect(refusal(sealByHand(Buffer.from('{"constructor":{"prototype":{"x":1}}}'), key, AAD))).toBe('payload');
    expect(refusal(sealByHand(Buffer.from('{"constructor":"fine"}'), key, AAD))).toBe('opened');
  });

  it('recognises the envelope shape and nothing else', () => {
    expect(isSealedRequest({ secret: 'a', text: 'b' })).toBe(true);
    expect(isSealedRequest({ secret: 'a', text: 'b', kid: 'k' })).toBe(true);
    expect(isSealedRequest({ secret: 1, text: null })).toBe(true);
    expect(isSealedRequest({ secret: 'a', text: 'b', account: 'x' })).toBe(false);
    expect(isSealedRequest({ secret: 'a' })).toBe(false);
    expect(isSealedRequest([{ secret: 'a', text: 'b' }])).toBe(false);
    expect(isSealedRequest('secret=a&text=b')).toBe(false);
    expect(isSealedRequest(null)).toBe(false);
  });

  it('rebuilds the same key pair and kid from the stored private key', () => {
    const again = keyPairFromPrivatePem(privatePemOf(pair));
    expect(again.kid).toBe(pair.kid);
    expect(again.publicKeyPem).toBe(pair.publicKeyPem);
    expect(pair.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(other.kid).not.toBe(pair.kid);
    const { envelope } = encryptRequest(BODY, pair, AAD);
    expect(decryptRequest(envelope, again, AAD).body).toEqual(BODY);
  });

  it('binds the method in capitals and the path into the AAD', () => {
    expect(requestAad('post', '/a/b')).toBe('POST /a/b');
    expect(responseAad('post', '/a/b')).toBe('response POST /a/b');
  });
});
