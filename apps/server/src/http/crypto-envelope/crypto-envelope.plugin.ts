import { API_PREFIX, envelopeOf, ResultCode } from '@kerf/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../app-error.js';
import { ok } from '../envelope.js';
import {
  decryptRequest,
  ENVELOPE_ALG,
  EnvelopeError,
  type EnvelopeKeyPair,
  encryptResponse,
  isSealedRequest,
  requestAad,
  responseAad,
} from './envelope-crypto.js';

/**
 * `optional`: a sealed body is opened, a plaintext one passes as is.
 * `required`: every request must carry a sealed body; anything else is refused.
 */
export type EnvelopeMode = 'optional' | 'required';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Opts a route into the encrypted envelope (SPEC §3/§7). */
    encrypted?: EnvelopeMode;
  }
  interface FastifyRequest {
    /** True when this request's body arrived sealed (its answer will be sealed too). */
    encryptedEnvelope: boolean;
  }
}

/** Where the key pair comes from: `EnvelopeKeysRepository` in the app, any object in tests. */
export interface EnvelopeKeySource {
  load(): Promise<EnvelopeKeyPair>;
}

export interface CryptoEnvelopeOptions {
  keys: EnvelopeKeySource;
}

export const PUBLIC_KEY_PATH = `${API_PREFIX.uac}/oauth2/public_key`;

const publicKeyEnvelope = envelopeOf(
  z.object({
    alg: z.literal(ENVELOPE_ALG),
    publicKey: z.string().describe('RSA public key, SubjectPublicKeyInfo PEM'),
    kid: z.string().describe('Key id; send it back as `kid` in the envelope'),
  }),
);

/** SPEC §8: a body that cannot be opened answers code 500 with 返回数据错误[secret] (HTTP 400: the client's fault). */
function decryptFailed(cause?: unknown): AppError {
  return new AppError(400, 'decryptFailed', { code: ResultCode.error, cause });
}

/** The path as the client sent it (no query): what the client bound into the envelope's AAD. */
function pathOf(request: FastifyRequest): string {
  const url = request.url;
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

function asArray<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * The encrypted envelope `{secret, text}` for the routes that opt in with `config: { encrypted }`.
 *
 * - `GET /uac-api/oauth2/public_key` answers `{code: 0, msg, data: {alg: 'RSA-OAEP-256', publicKey, kid}}`.
 * - On an opted-in route, a `preValidation` hook opens a sealed JSON or form body and puts the real
 *   body in its place, so the route's schema validates the real thing; a body that cannot be opened
 *   (or, for `required`, a plaintext one) answers HTTP 400 `{code: 500, msg: 返回数据错误[secret]}`.
 * - An `onSend` hook seals every answer to a sealed request, errors included, as `{text}` under the
 *   client's AES key, keeping the HTTP status. Answers that fail before the body is opened (the decrypt
 *   failure itself, or a hook that rejects earlier) cannot be sealed and go out in plaintext.
 *
 * Register after `httpConventions` and before the routes that opt in (hooks are attached on `onRoute`).
 */
export const cryptoEnvelope = fp<CryptoEnvelopeOptions>(
  async (app: FastifyInstance, { keys }) => {
    const pair = await keys.load();
    /** The client's AES key for the answer, per request; never on the request object itself. */
    const responseKeys = new WeakMap<FastifyRequest, { key: Buffer; aad: string }>();

    app.decorateRequest('encryptedEnvelope', false);

    app.withTypeProvider<ZodTypeProvider>().get(
      PUBLIC_KEY_PATH,
      {
        config: { auth: 'public' },
        schema: {
          tags: ['account'],
          summary: 'Public key of the encrypted envelope',
          description:
            'Seal a body as {secret: b64(RSA-OAEP-SHA256(aes256Key)), text: b64(iv ‖ AES-GCM(json) ‖ tag), kid} ' +
            'with AAD "METHOD /path"; the answer is {text} under the same AES key with AAD "response METHOD /path".',
          response: { 200: publicKeyEnvelope },
        },
      },
      async (request, reply) => {
        // Not cached: after a rotation, a client that refetches must get the new key.
        reply.header('cache-control', 'no-store');
        return ok(request, { alg: ENVELOPE_ALG, publicKey: pair.publicKeyPem, kid: pair.kid });
      },
    );

    function openerFor(mode: EnvelopeMode) {
      return async function openEnvelope(request: FastifyRequest) {
        const body = request.body;
        if (!isSealedRequest(body)) {
          if (mode === 'required') {
            request.log.info({ reason: 'plaintext' }, 'crypto envelope refused');
            throw decryptFailed();
          }
          return;
        }
        try {
          const path = pathOf(request);
          const opened = decryptRequest(body, pair, requestAad(request.method, path));
          request.body = opened.body;
          request.encryptedEnvelope = true;
          responseKeys.set(request, { key: opened.key, aad: responseAad(request.method, path) });
        } catch (err) {
          if (!(err instanceof EnvelopeError)) throw err;
          request.log.info({ reason: err.reason }, 'crypto envelope refused');
          throw decryptFailed(err);
        }
      };
    }

    async function sealAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const session = responseKeys.get(request);
      if (!session) return payload;
      responseKeys.delete(request);
      try {
        if (payload === null || payload === undefined) return payload;
        if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) {
          // A stream cannot be sealed here; opted-in routes are meant to answer JSON.
          request.log.warn('crypto envelope: a streamed answer to a sealed request went out unsealed');
          return payload;
        }
        reply.header('content-type', 'application/json; charset=utf-8');
        reply.removeHeader('content-length');
        return JSON.stringify(encryptResponse(payload, session.key, session.aad));
      } finally {
        session.key.fill(0);
      }
    }

    app.addHook('onRoute', (route: RouteOptions) => {
      const mode = route.config?.encrypted;
      if (mode === undefined) return;
      if (mode !== 'optional' && mode !== 'required') {
        throw new Error(`route ${route.method} ${route.url}: config.encrypted must be 'optional' or 'required'`);
      }
      // Route-level hooks run after the app-level ones: opening comes first among this route's own
      // preValidation hooks, sealing last among its onSend hooks, so its other hooks see plaintext.
      route.preValidation = [openerFor(mode), ...asArray(route.preValidation)] as RouteOptions['preValidation'];
      route.onSend = [...asArray(route.onSend), sealAnswer] as RouteOptions['onSend'];
    });
  },
  { name: 'crypto-envelope', fastify: '5.x', dependencies: ['http-conventions'] },
);
