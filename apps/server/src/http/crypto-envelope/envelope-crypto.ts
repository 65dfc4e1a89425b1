import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  type KeyObject,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';
import { promisify } from 'node:util';

/**
 * The encrypted envelope `{secret, text}` of SPEC §3/§7, server side, as pure functions over Node's crypto.
 *
 * Request:  `{ secret: b64(RSA-OAEP-SHA256(aesKey)), text: b64(iv ‖ AES-256-GCM(json(body)) ‖ tag), kid? }`
 * Response: `{ text: b64(iv ‖ AES-256-GCM(json(envelope)) ‖ tag) }` under the same AES key.
 * The additional authenticated data binds each message to its route and direction:
 * `"POST /uac-api/oauth2/access_token"` for the request, `"response POST /uac-api/oauth2/access_token"`
 * for the answer, so an envelope cannot be replayed to another route nor reflected back as a response.
 */

export const ENVELOPE_ALG = 'RSA-OAEP-256';
/** 2048 bits: sound until 2030 (NIST SP 800-57) and a cheap private-key operation per unauthenticated call. */
export const RSA_MODULUS_BITS = 2048;
export const AES_KEY_BYTES = 32;
export const IV_BYTES = 12;
export const TAG_BYTES = 16;
/** Far above a 4096-bit RSA block in base64 (684 chars): anything longer is refused before decoding. */
const MAX_SECRET_CHARS = 1024;

export interface EnvelopeKeyPair {
  /** Thumbprint of the public key: the same on every instance that holds the same key. */
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** SubjectPublicKeyInfo PEM, what `GET /uac-api/oauth2/public_key` hands out. */
  publicKeyPem: string;
}

/** What a client sends in place of the body. `kid` is optional; when present it must be the active key's. */
export interface SealedRequest {
  secret: string;
  text: string;
  kid?: string;
}

export interface SealedResponse {
  text: string;
}

export type EnvelopeFailure = 'malformed' | 'unknown-key' | 'secret' | 'ciphertext' | 'payload';

/** Any reason a sealed body cannot be read; the reason is for logs, the caller sees one message for all. */
export class EnvelopeError extends Error {
  override readonly name = 'EnvelopeError';
  constructor(
    readonly reason: EnvelopeFailure,
    options?: { cause?: unknown },
  ) {
    super(`crypto envelope refused: ${reason}`, options);
  }
}

export function requestAad(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

export function responseAad(method: string, path: string): string {
  return `response ${requestAad(method, path)}`;
}

/**
 * Whether a parsed body is meant as an envelope: an object whose own keys are `secret` and `text`
 * (and optionally `kid`), nothing else. Types are checked later, so a malformed envelope is refused
 * rather than mistaken for a plaintext body.
 */
export function isSealedRequest(body: unknown): body is SealedRequest {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  if (!keys.includes('secret') || !keys.includes('text')) return false;
  return keys.every((k) => k === 'secret' || k === 'text' || k === 'kid');
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Standard base64 with padding, nothing else (Node's decoder silently skips junk, which hides bugs). */
export function decodeBase64Strict(text: string): Buffer {
  if (!BASE64.test(text)) throw new EnvelopeError('malformed');
  return Buffer.from(text, 'base64');
}

/** JSON.parse that refuses the prototype-poisoning keys Fastify's own body parser refuses. */
export function parseJsonSafely(text: string): unknown {
  return JSON.parse(text, function reviver(this: unknown, key, value) {
    if (key === '__proto__') throw new SyntaxError('__proto__ is not allowed');
    if (key === 'constructor' && value && typeof value === 'object' && 'prototype' in value) {
      throw new SyntaxError('constructor.prototype is not allowed');
    }
    return value;
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function aesGcmSeal(plaintext: Uint8Array, key: Uint8Array, aad: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64');
}

function aesGcmOpen(text: unknown, key: Uint8Array, aad: string): unknown {
  if (typeof text !== 'string') throw new EnvelopeError('malformed');
  const sealed = decodeBase64Strict(text);
  if (sealed.length < IV_BYTES + TAG_BYTES + 1) throw new EnvelopeError('malformed');
  const iv = sealed.subarray(0, IV_BYTES);
  const tag = sealed.subarray(sealed.length - TAG_BYTES);
  let plaintext: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(tag);
    // `update` hands out unauthenticated bytes; they are used only once `final` has checked the tag.
    plaintext = Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch (cause) {
    throw new EnvelopeError('ciphertext', { cause });
  }
  try {
    return parseJsonSafely(utf8.decode(plaintext));
  } catch (cause) {
    throw new EnvelopeError('payload', { cause });
  }
}

function modulusBytes(key: KeyObject): number {
  const bits = key.asymmetricKeyDetails?.modulusLength;
  if (!bits) throw new Error('envelope key is not an RSA key');
  return bits / 8;
}

/**
 * Opens a sealed request body with the server's private key. Returns the real body and the client's
 * AES key (kept to seal the answer). Throws `EnvelopeError` for every way the envelope can be wrong.
 */
export function decryptRequest(
  envelope: SealedRequest,
  keys: Pick<EnvelopeKeyPair, 'kid' | 'privateKey'>,
  aad: string,
): { body: unknown; key: Buffer } {
  const { secret, text, kid } = envelope as { secret: unknown; text: unknown; kid?: unknown };
  if (typeof secret !== 'string' || typeof text !== 'string') throw new EnvelopeError('malformed');
  if (kid !== undefined && kid !== keys.kid) throw new EnvelopeError('unknown-key');
  if (secret.length > MAX_SECRET_CHARS) throw new EnvelopeError('malformed');
  const wrapped = decodeBase64Strict(secret);
  if (wrapped.length !== modulusBytes(keys.privateKey)) throw new EnvelopeError('malformed');
  let key: Buffer;
  try {
    key = privateDecrypt(
      { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      wrapped,
    );
  } catch (cause) {
    throw new EnvelopeError('secret', { cause });
  }
  if (key.length !== AES_KEY_BYTES) {
    key.fill(0);
    throw new EnvelopeError('secret');
  }
  try {
    return { body: aesGcmOpen(text, key, aad), key };
  } catch (err) {
    key.fill(0);
    throw err;
  }
}

/** Seals the bytes of a response (normally its JSON) under the client's AES key. */
export function encryptResponse(payload: string | Uint8Array, key: Uint8Array, aad: string): SealedResponse {
  const bytes = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  return { text: aesGcmSeal(bytes, key, aad) };
}

/** The client half in Node (tools, tests, service-to-service calls): seals a body for the server. */
export function encryptRequest(
  body: unknown,
  keys: Pick<EnvelopeKeyPair, 'kid' | 'publicKey'>,
  aad: string,
): { envelope: Required<SealedRequest>; key: Buffer } {
  const json = JSON.stringify(body);
  if (json === undefined) throw new TypeError('the body must be JSON-serialisable');
  const key = randomBytes(AES_KEY_BYTES);
  const secret = publicEncrypt(
    { key: keys.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    key,
  ).toString('base64');
  return { envelope: { secret, text: aesGcmSeal(Buffer.from(json, 'utf8'), key, aad), kid: keys.kid }, key };
}

/** The client half in Node: opens a sealed response with the AES key the request was sealed with. */
export function decryptResponse(sealed: SealedResponse, key: Uint8Array, aad: string): unknown {
  if (!sealed || typeof sealed !== 'object') throw new EnvelopeError('malformed');
  return aesGcmOpen(sealed.text, key, aad);
}

/** base64url of the first 16 bytes of SHA-256 over the SPKI DER: stable, short, reveals nothing. */
export function keyId(publicKey: KeyObject): string {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest().subarray(0, 16).toString('base64url');
}

/** The whole key pair from its private half (PKCS#8 PEM), as stored in `server_secrets`. */
export function keyPairFromPrivatePem(pem: string): EnvelopeKeyPair {
  return keyPairFromPrivateKey(createPrivateKey({ key: pem, format: 'pem' }));
}

function keyPairFromPrivateKey(privateKey: KeyObject): EnvelopeKeyPair {
  if (privateKey.asymmetricKeyType !== 'rsa') throw new Error('envelope key is not an RSA key');
  const publicKey = createPublicKey(privateKey);
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  return { kid: keyId(publicKey), privateKey, publicKey, publicKeyPem };
}

export function privatePemOf(pair: Pick<EnvelopeKeyPair, 'privateKey'>): string {
  return pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

const generateRsa = promisify(generateKeyPair);

/** A fresh RSA key pair (off the event loop: generation takes tens of milliseconds). */
export async function generateEnvelopeKeyPair(modulusLength = RSA_MODULUS_BITS): Promise<EnvelopeKeyPair> {
  const { privateKey } = await generateRsa('rsa', { modulusLength, publicExponent: 0x10001 });
  return keyPairFromPrivateKey(privateKey);
}
