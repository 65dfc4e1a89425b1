import { type Bilingual, type Envelope, format, type Locale, t } from '@kerf/contract';
import type { FastifyRequest } from 'fastify';

/** The success envelope `{code: 0, msg, data}` in the caller's language. */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: 0, msg: t('success', request.locale), data };
}

/** The success envelope with a message of the action's own (e.g. 删除成功, 修改成功). */
export function done<T = null>(request: FastifyRequest, text: Bilingual, data: T = null as T): Envelope<T> {
  return { code: 0, msg: text[request.locale], data };
}

export function failure(code: number, msg: string, data: unknown = null): Envelope<unknown> {
  return { code, msg, data };
}

export function localized(text: { 'zh-CN': string; en: string }, locale: Locale, args: Array<string | number>) {
  return format(text[locale], ...args);
}
