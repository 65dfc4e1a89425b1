import { API_PREFIX, type MessageKey } from '@kerf/contract';

/**
 * The encrypted envelope `{secret, text}` of SPEC §3/§7, browser side, on WebCrypto (also Node >= 20).
 *
 * A sealed request body is `{ secret, text, kid }`:
 *   secret = base64(RSA-OAEP-SHA256(server public key, fresh 256-bit AES key))
 *   text   = base64(iv[12] ‖ AES-256-GCM(key, iv, aad = "METHOD /path", utf8(JSON(body))) ‖ tag[16])
 *   kid    = the id of the public key used
 * Its answer is `{ text }` sealed under the same AES key with aad = "response METHOD /path".
 * The key never leaves the sealed request's `open` closure and cannot be exported.
 */

export const PUBLIC_KEY_PATH = `${API_PREFIX.uac}/oauth2/public_key`;
export const ENVELOPE_ALG = 'RSA-OAEP-256';

/*
 * WebCrypto types spelled through `globalThis.crypto` rather than the DOM names (`SubtleCrypto`,
 * `CryptoKey`), so this module also type-checks under Node's types, where the server's tests run it.
 */
type Subtle = typeof globalThis.crypto.subtle;
type WebCryptoKey = Awaited<ReturnType<Subtle['importKey']>>;

const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SealedRequestBody {
  secret: string;
  text: string;
  kid: string;
}

export interface SealedResponseBody {
  text: string;
}

/** The request being sealed: its method and its absolute path (a full URL or a query is fine too). */
export interface EnvelopeTarget {
  method: string;
  path: string;
}

/** `data` of `GET /uac-api/oauth2/public_key`. */
export interface PublicKeyInfo {
  alg: typeof ENVELOPE_ALG;
  publicKey: string;
  kid: string;
}

export interface EnvelopePublicKey {
  kid: string;
  key: WebCryptoKey;
}

export interface SealedRequest {
  /** Send this as the request body (JSON). */
  envelope: SealedRequestBody;
  /**
   * Reads the answer's parsed JSON body. A sealed answer is opened and its content returned; a plaintext
   * failure envelope (non-zero numeric `code`: the server could not open the request, or refused it
   * before trying) is returned as is; anything else throws `EnvelopeError`, a plaintext success included.
   */
  open(response: unknown): Promise<unknown>;
}

/** The answer could not be read: SPEC §8, code 500 with 返回数据错误[secret]. */
export class EnvelopeError extends Error {
  override readonly name = 'EnvelopeError';
  readonly code = 500;
  readonly messageKey: MessageKey = 'decryptFailed';
  constructor(detail: string, options?: { cause?: unknown }) {
    super(`crypto envelope: ${detail}`, options);
  }
}

function subtle(): Subtle {
  const webCrypto = globalThis.crypto;
  if (!webCrypto?.subtle) throw new EnvelopeError('WebCrypto is unavailable (a secure context is needed)');
  return webCrypto.subtle;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  if (!BASE64.test(text)) throw new EnvelopeError('not base64');
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The AAD both sides compute: method in capitals, then the path as the server receives it (no query). */
export function envelopeAad({ method, path }: EnvelopeTarget, direction: 'request' | 'response'): string {
  const pathname = new URL(path, 'http://envelope.invalid').pathname;
  const request = `${method.toUpperCase()} ${pathname}`;
  return direction === 'request' ? request : `response ${request}`;
}

/** Accepts the endpoint's envelope `{code: 0, data}` or its `data`. */
function publicKeyInfoOf(answer: unknown): PublicKeyInfo {
  const wrapped = answer as { code?: unknown; data?: unknown } | null;
  const info = (wrapped && typeof wrapped === 'object' && 'code' in wrapped ? wrapped.data : answer) as
    | Partial<PublicKeyInfo>
    | null
    | undefined;
  if (
    (wrapped && typeof wrapped === 'object' && 'code' in wrapped && wrapped.code !== 0) ||
    !info ||
    info.alg !== ENVELOPE_ALG ||
    typeof info.publicKey !== 'string' ||
    typeof info.kid !== 'string'
  ) {
    throw new EnvelopeError('the public key answer is not usable');
  }
  return info as PublicKeyInfo;
}

/** Imports the server's SPKI PEM as an RSA-OAEP-256 encryption key. */
export async function importPublicKey(answer: unknown): Promise<EnvelopePublicKey> {
  const info = publicKeyInfoOf(answer);
  const base64 = info.publicKey.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  try {
    const key = await subtle().importKey('spki', fromBase64(base64), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
      'encrypt',
    ]);
    return { kid: info.kid, key };
  } catch (cause) {
    throw new EnvelopeError('the public key cannot be imported', { cause });
  }
}

export interface PublicKeyCache {
  /** The server's key, fetched once and shared by concurrent callers; a failed fetch is not kept. */
  get(): Promise<EnvelopePublicKey>;
  /** Forget the key (after a decrypt failure: the server may have rotated it). */
  invalidate(): void;
}

/** `fetchPublicKey` answers `GET /uac-api/oauth2/public_key` (its envelope or its `data`). */
export function createPublicKeyCache(fetchPublicKey: () => Promise<unknown>): PublicKeyCache {
  let pending: Promise<EnvelopePublicKey> | undefined;
  return {
    get() {
      if (!pending) {
        const attempt = fetchPublicKey().then(importPublicKey);
        pending = attempt;
        attempt.catch(() => {
          if (pending === attempt) pending = undefined;
        });
      }
      return pending;
    },
    invalidate() {
      pending = undefined;
    },
  };
}

export function isSealedResponse(body: unknown): body is SealedResponseBody {
  return (
    !!body &&
    typeof body === 'object' &&
    typeof (body as { text?: unknown }).text === 'string' &&
    typeof (body as { code?: unknown }).code !== 'number'
  );
}

function isFailureEnvelope(body: unknown): boolean {
  const code = (body as { code?: unknown } | null)?.code;
  return !!body && typeof body === 'object' && typeof code === 'number' && code !== 0;
}

/** Seals `body` for `target` with the server's public key; `open` reads the answer with the same AES key. */
export async function sealRequest(
  body: unknown,
  target: EnvelopeTarget,
  publicKey: EnvelopePublicKey,
): Promise<SealedRequest> {
  const json = JSON.stringify(body);
  if (json === undefined) throw new TypeError('the body must be JSON-serialisable');
  const crypto = subtle();
  const raw = globalThis.crypto.getRandomValues(new Uint8Array(32));
  let aesKey: WebCryptoKey;
  let wrapped: ArrayBuffer;
  try {
    aesKey = await crypto.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
    wrapped = await crypto.encrypt({ name: 'RSA-OAEP' }, publicKey.key, raw);
  } finally {
    raw.fill(0);
  }
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(envelopeAad(target, 'request')), tagLength: 128 },
    aesKey,
    new TextEncoder().encode(json),
  );
  const text = new Uint8Array(IV_BYTES + sealed.byteLength);
  text.set(iv, 0);
  text.set(new Uint8Array(sealed), IV_BYTES);

  return {
    envelope: { secret: toBase64(new Uint8Array(wrapped)), text: toBase64(text), kid: publicKey.kid },
    async open(response) {
      if (!isSealedResponse(response)) {
        if (isFailureEnvelope(response)) return response;
        throw new EnvelopeError('the answer to a sealed request was not sealed');
      }
      let bytes: Uint8Array<ArrayBuffer>;
      let plaintext: ArrayBuffer;
      try {
        bytes = fromBase64(response.text);
        if (bytes.length < IV_BYTES + TAG_BYTES + 1) throw new EnvelopeError('the sealed answer is too short');
        plaintext = await crypto.decrypt(
          {
            name: 'AES-GCM',
            iv: bytes.subarray(0, IV_BYTES),
            additionalData: new TextEncoder().encode(envelopeAad(target, 'response')),
            tagLength: 128,
          },
          aesKey,
          bytes.subarray(IV_BYTES),
        );
      } catch (cause) {
        throw cause instanceof EnvelopeError ? cause : new EnvelopeError('the answer cannot be opened', { cause });
      }
      try {
        return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext));
      } catch (cause) {
        throw new EnvelopeError('the opened answer is not JSON', { cause });
      }
    },
  };
}

export interface CryptoEnvelope {
  /** Seals `body` with the cached server key; a plaintext failure answer drops the key for the next call. */
  sealRequest(body: unknown, target: EnvelopeTarget): Promise<SealedRequest>;
  /** Forget the cached key. */
  invalidate(): void;
}

/**
 * The envelope as the request client uses it: `fetchPublicKey` GETs `PUBLIC_KEY_PATH` without the
 * envelope. When the server answers a sealed request with a plaintext failure, the cached key is dropped
 * (it may have been rotated) so that the next call, or a retry, fetches the current one.
 */
export function createCryptoEnvelope(fetchPublicKey: () => Promise<unknown>): CryptoEnvelope {
  const keys = createPublicKeyCache(fetchPublicKey);
  return {
    async sealRequest(body, target) {
      const sealed = await sealRequest(body, target, await keys.get());
      return {
        envelope: sealed.envelope,
        async open(response) {
          const opened = await sealed.open(response);
          if (opened === response && (response as { code?: unknown }).code === 500) keys.invalidate();
          return opened;
        },
      };
    },
    invalidate: () => keys.invalidate(),
  };
}
