import formbody from '@fastify/formbody';
import { craftIssueText, deviceIssueText, pickLocale, ResultCode, statusMessageKey, t } from '@kerf/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import qs from 'qs';
import { AppError } from './app-error.js';
import { failure, localized } from './envelope.js';
import { isMalformedMultipart } from './multipart-errors.js';
import { installNulGuard } from './nul-guard.js';

declare module 'fastify' {
  interface FastifyRequest {
    locale: import('@kerf/contract').Locale;
  }
}

/** Nested keys (`key[sub]=v`) in queries and form bodies, with bounds so a crafted query cannot blow up. */
export function parseNested(input: string): Record<string, unknown> {
  return qs.parse(input, { depth: 5, arrayLimit: 100, parameterLimit: 1000, allowDots: false });
}

function describeValidation(request: FastifyRequest, err: unknown): string {
  if (hasZodFastifySchemaValidationErrors(err)) {
    return err.validation
      .map((v) => {
        const field = (v.instancePath || '').replace(/^\//, '').replaceAll('/', '.');
        // Rules that carry a message key (craft and device validation) speak the caller's language.
        const message = deviceIssueText(v.message, request.locale) ?? craftIssueText(v.message, request.locale);
        return field ? `${field}: ${message}` : message;
      })
      .join('; ');
  }
  return (err as Error).message ?? t('formatError', request.locale);
}

/**
 * The HTTP conventions of SPEC §7-§8 as one plugin: the caller's locale, form-encoded bodies, and
 * every failure answered as a `{code, msg, data}` envelope with the right HTTP status and a message
 * in the caller's language. Unexpected errors are logged and never leak their text.
 */
export const httpConventions = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('locale', 'zh-CN');
    app.addHook('onRequest', async (request) => {
      request.locale = pickLocale(request.headers['accept-language']);
    });

    await app.register(formbody, { parser: (body) => parseNested(body) });
    installNulGuard(app);

    app.setErrorHandler((err, request, reply) => {
      const locale = request.locale;
      if (err instanceof AppError) {
        return reply.status(err.status).send(failure(err.code, localized(err.text, locale, err.args), err.data));
      }
      if (hasZodFastifySchemaValidationErrors(err) || (err as { validation?: unknown }).validation) {
        const detail = describeValidation(request, err);
        return reply.status(400).send(failure(ResultCode.badRequest, t('invalidRequest', locale, detail)));
      }
      if (isMalformedMultipart(err)) {
        return reply.status(400).send(failure(ResultCode.badRequest, t('multipartMalformed', locale)));
      }
      const status = (err as { statusCode?: number }).statusCode ?? 500;
      if (status === 413) return reply.status(413).send(failure(413, t('payloadTooLarge', locale)));
      if (status === 429) return reply.status(429).send(failure(429, t('tooManyRequests', locale)));
      if (status === 503) return reply.status(503).send(failure(503, t('serviceUnavailable', locale)));
      if (status >= 400 && status < 500) {
        // Client errors raised by Fastify itself (bad JSON, unsupported media type…): say what was wrong.
        return reply.status(status).send(failure(status, t('invalidRequest', locale, (err as Error).message)));
      }
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send(failure(ResultCode.error, t('statusDefault', locale)));
    });

    // The web app registers its own not-found handler under /web/ (history mode); everything else is an API 404.
    app.setNotFoundHandler((request, reply) =>
      reply
        .status(404)
        .send(
          failure(ResultCode.notFound, t(statusMessageKey(404), request.locale), { path: request.url.split('?')[0] }),
        ),
    );
  },
  { name: 'http-conventions' },
);
