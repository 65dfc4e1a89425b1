import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { DatabaseHandle } from '../src/db/client.js';
import type { BlobStore } from '../src/infra/blob/blob-store.js';
import type { Cache } from '../src/infra/cache/cache.js';
import { MemoryCache } from '../src/infra/cache/memory-cache.js';
import type { CodeDelivery, CodeMessage, NoticeMessage } from '../src/modules/verification/code-delivery.js';

/** Keeps every verification code and notice "sent", so a test can read what a person would receive. */
export class RecordingDelivery implements CodeDelivery {
  readonly sent: CodeMessage[] = [];
  readonly notices: NoticeMessage[] = [];
  async send(message: CodeMessage) {
    this.sent.push(message);
  }
  async notify(notice: NoticeMessage) {
    this.notices.push(notice);
  }
  last(to: string): CodeMessage | undefined {
    return this.sent.filter((m) => m.to === to).at(-1);
  }
}

/** A blob store that only answers health checks; for suites that do not touch blobs. */
export function healthOnlyBlobStore(status: 'up' | 'down' = 'up'): BlobStore {
  const unused = () => Promise.reject(new Error('not used by this suite'));
  return {
    kind: 'disk',
    put: unused,
    putFile: unused,
    get: unused,
    stat: unused,
    delete: unused,
    check: async () => (status === 'up' ? { status } : { status, detail: 'disk not writable' }),
  };
}

/**
 * Suites about something else register many accounts from one address within seconds; the code send
 * limits (and their captcha) would cut them off, so they are set out of reach unless a suite sets them.
 */
export const UNREACHED_CODE_SEND_LIMITS = {
  CODE_SENDS_BEFORE_CAPTCHA: '100000',
  CODE_SENDS_PER_CLIENT_HOUR: '100000',
  CODE_SENDS_PER_RECIPIENT_DAY: '100000',
  CODE_SENDS_PER_HOUR: '100000',
};

/** Builds the real app on a test database, with the blob store each suite chooses. */
export async function testApp(
  database: DatabaseHandle,
  options: {
    blobs?: BlobStore;
    webRoot?: string;
    cache?: Cache;
    delivery?: CodeDelivery;
    env?: Record<string, string>;
  } = {},
): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: tmpdir(),
    ...UNREACHED_CODE_SEND_LIMITS,
    ...options.env,
  });
  const app = await buildApp({
    config,
    infra: {
      database,
      blobs: options.blobs ?? healthOnlyBlobStore(),
      cache: options.cache ?? new MemoryCache(),
      delivery: options.delivery ?? new RecordingDelivery(),
    },
    webRoot: options.webRoot,
    logger: process.env.TEST_LOG ? pino({ level: 'error' }) : false,
  });
  await app.ready();
  return app;
}
