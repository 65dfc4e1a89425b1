import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, hostname } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import {
  accountMessages,
  BLOB_GRACE_HOURS,
  CODE_SENDS_BEFORE_CAPTCHA,
  CODE_SENDS_PER_CLIENT_HOUR,
  CODE_SENDS_PER_HOUR,
  CODE_SENDS_PER_RECIPIENT_DAY,
  DEVICE_LIMITS,
  isValidPassword,
  parseAccount,
  RECYCLE_RETENTION_DAYS,
  UPLOAD_ABANDON_HOURS,
  UPLOAD_CHUNK_BYTES,
} from '@kerf/contract';
import { z } from 'zod';
import type { BrokerConfig } from './infra/broker/index.js';
import { checkPaymentEnv, PAYMENT_ENV, type PaymentSettings, paymentSettings } from './payment-config.js';

/**
 * Every setting the server reads from the environment, with the embedded default that lets
 * `npm start` run on one machine with nothing else installed. The README's configuration table
 * lists the same variables; a bad value stops start-up with a message that names the variable.
 */
/**
 * Connections per server: about two per core keeps PostgreSQL's CPUs busy without queueing inside it
 * (PostgreSQL's own rule of thumb is cores x 2 + disks); never fewer than 4, for the job queue's and
 * migrations' long-held connections beside requests.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const env = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number({ message: 'expected a port number' }).int().min(0).max(65535).default(8080),
    PUBLIC_URL: z.url({ message: 'expected an absolute http(s) URL' }).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).optional(),
    STORAGE: z.enum(['disk', 's3'], { message: 'expected disk or s3' }).default('disk'),
    BLOB_DIR: z.string().min(1).optional(),
    S3_ENDPOINT: z.url({ message: 'expected an absolute http(s) URL' }).optional(),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY: z.string().min(1).optional(),
    S3_SECRET_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: bool.default(true),
    WEB_DIST: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: bool.default(false),
    BODY_LIMIT_MB: z.coerce.number().int().min(1).max(1024).default(10),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'expected a redis:// or rediss:// URL')
      .optional(),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(1440),
    SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    SESSION_CHECK_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    WEB_CLIENT_ID: z.string().min(1).max(64).default('kerf-web'),
    WEB_CLIENT_SECRET: z.string().min(1).max(256).default('kerf-web'),
    ADMIN_ACCOUNT: z
      .string()
      .refine((v) => parseAccount(v) !== null, 'expected an e-mail address or a mainland China mobile number')
      .default('admin@kerf.local'),
    ADMIN_PASSWORD: z.string().refine(isValidPassword, accountMessages.passwordFormat.en).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Kerf <no-reply@kerf.local>'),
    SMS_WEBHOOK_URL: z.url({ message: 'expected an absolute http(s) URL' }).optional(),
    SMS_WEBHOOK_TOKEN: z.string().min(1).optional(),
    ...PAYMENT_ENV,
    WECHAT_APP_ID: z.string().min(1).optional(),
    WECHAT_APP_SECRET: z.string().min(1).optional(),
    WECHAT_AUTHORIZE_URL: z.url().default('https://open.weixin.qq.com/connect/qrconnect'),
    WECHAT_API_URL: z.url().default('https://api.weixin.qq.com'),
    DRIVE_RETENTION_DAYS: z.coerce.number().min(0).max(3650).default(RECYCLE_RETENTION_DAYS),
    DRIVE_JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3600),
    UPLOAD_CHUNK_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(64 * 1024 * 1024)
      .default(UPLOAD_CHUNK_BYTES),
    UPLOAD_ABANDON_HOURS: z.coerce.number().min(0).default(UPLOAD_ABANDON_HOURS),
    BLOB_GRACE_HOURS: z.coerce.number().min(0).default(BLOB_GRACE_HOURS),
    LIBREOFFICE_PATH: z.string().min(1).optional(),
    FFMPEG_PATH: z.string().min(1).optional(),
    ONLYOFFICE_URL: z.url({ message: 'expected an absolute http(s) URL' }).optional(),
    ONLYOFFICE_JWT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    CODE_SENDS_BEFORE_CAPTCHA: z.coerce.number().int().min(0).default(CODE_SENDS_BEFORE_CAPTCHA),
    CODE_SENDS_PER_CLIENT_HOUR: z.coerce.number().int().min(1).default(CODE_SENDS_PER_CLIENT_HOUR),
    CODE_SENDS_PER_RECIPIENT_DAY: z.coerce.number().int().min(1).default(CODE_SENDS_PER_RECIPIENT_DAY),
    CODE_SENDS_PER_HOUR: z.coerce.number().int().min(1).default(CODE_SENDS_PER_HOUR),
    LOGIN_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(300),
    /** `off` records no operations (the operation log's cost is measured against it). */
    OPER_LOG: z.enum(['on', 'off']).default('on'),
    MQTT_URL: z
      .string()
      .regex(/^mqtts?:\/\//, 'expected an mqtt:// or mqtts:// URL')
      .optional(),
    MQTT_USERNAME: z.string().min(1).optional(),
    MQTT_PASSWORD: z.string().min(1).optional(),
    MQTT_HOST: z.string().min(1).default('0.0.0.0'),
    MQTT_PORT: z.coerce.number({ message: 'expected a port number' }).int().min(0).max(65535).optional(),
    MQTT_DEVICE_URL: z
      .string()
      .regex(/^mqtts?:\/\//, 'expected an mqtt:// or mqtts:// URL')
      .optional(),
    MQTT_TLS_CERT: z.string().min(1).optional(),
    MQTT_TLS_KEY: z.string().min(1).optional(),
    MQTT_TLS_PORT: z.coerce.number({ message: 'expected a port number' }).int().min(0).max(65535).default(8883),
    MQTT_CA_FILE: z.string().min(1).optional(),
    MQTT_SHARE_GROUP: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, 'expected 1 to 32 letters, digits, _ or -')
      .optional(),
    MQTT_CLIENT_ID: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'expected 1 to 64 letters, digits, _, . or -')
      .optional(),
    DEVICE_INACTIVITY_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(86_400)
      .default(DEVICE_LIMITS.inactivityMs / 1000),
    DEVICE_COMMAND_TIMEOUT_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(86_400)
      .default(DEVICE_LIMITS.commandTimeoutMs / 1000),
    /** An answer from customer service left unread this long is sent to the person's e-mail or mobile. */
    SUPPORT_NOTICE_AFTER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  })
  .superRefine((v, ctx) => {
    if (Boolean(v.MQTT_TLS_CERT) !== Boolean(v.MQTT_TLS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [v.MQTT_TLS_CERT ? 'MQTT_TLS_KEY' : 'MQTT_TLS_CERT'],
        message: 'MQTT_TLS_CERT and MQTT_TLS_KEY go together',
      });
    }
    for (const name of ['MQTT_TLS_CERT', 'MQTT_TLS_KEY', 'MQTT_CA_FILE'] as const) {
      const file = v[name];
      if (file && !existsSync(file)) ctx.addIssue({ code: 'custom', path: [name], message: `no such file: ${file}` });
    }
    checkPaymentEnv(v, ctx);
    if (Boolean(v.WECHAT_APP_ID) !== Boolean(v.WECHAT_APP_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [v.WECHAT_APP_ID ? 'WECHAT_APP_SECRET' : 'WECHAT_APP_ID'],
        message: 'WECHAT_APP_ID and WECHAT_APP_SECRET go together',
      });
    }
    if (v.ONLYOFFICE_URL && !v.ONLYOFFICE_JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['ONLYOFFICE_JWT_SECRET'], message: 'is required with ONLYOFFICE_URL' });
    }
    if (v.STORAGE === 's3' && !v.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE=s3' });
    }
    if (Boolean(v.S3_ACCESS_KEY) !== Boolean(v.S3_SECRET_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [v.S3_ACCESS_KEY ? 'S3_SECRET_KEY' : 'S3_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY and S3_SECRET_KEY go together',
      });
    }
  });

export type Env = z.input<typeof env>;

export type StorageConfig =
  | { storage: 'disk'; dir: string }
  | {
      storage: 's3';
      endpoint?: string;
      bucket: string;
      region: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
    };

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl?: string;
  dataDir: string;
  /** `embedded`: Kerf runs PostgreSQL itself in `dir` (`DATA_DIR/postgres`); `postgres`: DATABASE_URL. */
  database: { kind: 'embedded'; dir: string; poolMax: number } | { kind: 'postgres'; url: string; poolMax: number };
  blobs: StorageConfig;
  webDist?: string;
  logLevel: string;
  trustProxy: boolean;
  bodyLimit: number;
  shutdownTimeoutMs: number;
  redisUrl?: string;
  /** Changes through the API are recorded in the operation log. */
  operLog: boolean;
  /** `checkCacheMs`: how long a checked token is trusted without reading its session again (0: never). */
  sessions: { idleMinutes: number; maxDays: number; checkCacheMs: number };
  drive: {
    /** Bin entries older than this are purged. */
    retentionDays: number;
    /** How often the drive's housekeeping runs; 0 turns it off (tests run it by hand). */
    jobsIntervalSeconds: number;
    chunkBytes: number;
    abandonHours: number;
    blobGraceHours: number;
  };
  webClient: { clientId: string; clientSecret: string };
  admin: { account: string; password?: string };
  mail: { smtpUrl?: string; from: string };
  sms: { webhookUrl?: string; webhookToken?: string };
  /** Limits on sending verification codes (CODE_SENDS_*). */
  codeSends: { beforeCaptcha: number; perClientHour: number; perRecipientDay: number; perHour: number };
  wechat?: { appId: string; appSecret: string; authorizeUrl: string; apiUrl: string };
  /** Payment providers for the trade centre (PAY_*; payment-config.ts). */
  payments: PaymentSettings;
  /** Programs the viewers use when present: found on the PATH unless set. */
  programs: { libreoffice?: string; ffmpeg?: string };
  onlyoffice?: { url: string; jwtSecret: string };
  /** Failed sign-ins per minute over every address that open the sign-in safety valve. */
  login: { failuresPerMinute: number };
  /** The device broker: embedded (MQTT_HOST:MQTT_PORT, 1883) unless MQTT_URL names one. */
  mqtt: BrokerConfig;
  /**
   * `clientId`: this instance's MQTT client id, the same across restarts so the broker keeps what
   * machines said while it was down (MQTT_CLIENT_ID; the host name by default).
   */
  devices: { inactivityMs: number; commandTimeoutMs: number; clientId: string };
  /** `noticeAfterMs`: how long an answer stays unread before a notice goes to the bound e-mail or mobile. */
  support: { noticeAfterMs: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration; relative paths are taken from `cwd`. Throws ConfigError naming each bad variable. */
/**
 * PostgreSQL connections per instance when DATABASE_POOL_MAX is unset: two per core and one spare (the
 * usual sizing for a database whose hot rows are cached), at least 4. More connections than the cores
 * can run only add switching: on a two-core machine with the database beside Kerf, 50 connections of
 * listFileInfo ran best at 4-5 (medians of 3 interleaved rounds: 4 → 3,222 req/s, p99 37 ms; 5 → 3,164,
 * 37 ms; 10 → 2,948, 44 ms; single rounds: 2 → 2,783, 20 → 2,342 req/s, p99 108 ms). A request
 * waiting for a connection waits in the pool's queue, which costs nothing.
 */
export function defaultPoolMax(cores: number = availableParallelism()): number {
  return Math.max(4, 2 * cores + 1);
}

export function loadConfig(source: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  // An empty variable means "not set", as a shell `FOO= npm start` intends.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = env.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const value = present[name];
        return `${name}${value === undefined ? '' : `=${JSON.stringify(value)}`}: ${issue.message}`;
      }),
    );
  }
  const v = parsed.data;
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p));
  const dataDir = abs(v.DATA_DIR);
  return {
    env: v.NODE_ENV,
    host: v.HOST,
    port: v.PORT,
    publicUrl: v.PUBLIC_URL,
    dataDir,
    database: v.DATABASE_URL
      ? { kind: 'postgres', url: v.DATABASE_URL, poolMax: v.DATABASE_POOL_MAX ?? defaultPoolMax() }
      : { kind: 'embedded', dir: resolve(dataDir, 'postgres'), poolMax: v.DATABASE_POOL_MAX ?? defaultPoolMax() },
    blobs:
      v.STORAGE === 's3'
        ? {
            storage: 's3',
            endpoint: v.S3_ENDPOINT,
            bucket: v.S3_BUCKET as string,
            region: v.S3_REGION,
            accessKeyId: v.S3_ACCESS_KEY,
            secretAccessKey: v.S3_SECRET_KEY,
            forcePathStyle: v.S3_FORCE_PATH_STYLE,
          }
        : { storage: 'disk', dir: v.BLOB_DIR ? abs(v.BLOB_DIR) : resolve(dataDir, 'blobs') },
    webDist: v.WEB_DIST ? abs(v.WEB_DIST) : undefined,
    logLevel: v.LOG_LEVEL,
    trustProxy: v.TRUST_PROXY,
    bodyLimit: v.BODY_LIMIT_MB * 1024 * 1024,
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_MS,
    redisUrl: v.REDIS_URL,
    operLog: v.OPER_LOG === 'on',
    sessions: {
      idleMinutes: v.SESSION_IDLE_MINUTES,
      maxDays: v.SESSION_MAX_DAYS,
      // Several instances (they share Redis) still see a sign-out elsewhere at once: SessionService marks it there.
      checkCacheMs: v.SESSION_CHECK_CACHE_MS ?? 5000,
    },
    drive: {
      retentionDays: v.DRIVE_RETENTION_DAYS,
      jobsIntervalSeconds: v.DRIVE_JOBS_INTERVAL_SECONDS,
      chunkBytes: v.UPLOAD_CHUNK_BYTES,
      abandonHours: v.UPLOAD_ABANDON_HOURS,
      blobGraceHours: v.BLOB_GRACE_HOURS,
    },
    webClient: { clientId: v.WEB_CLIENT_ID, clientSecret: v.WEB_CLIENT_SECRET },
    admin: { account: v.ADMIN_ACCOUNT, password: v.ADMIN_PASSWORD },
    mail: { smtpUrl: v.SMTP_URL, from: v.MAIL_FROM },
    sms: { webhookUrl: v.SMS_WEBHOOK_URL, webhookToken: v.SMS_WEBHOOK_TOKEN },
    codeSends: {
      beforeCaptcha: v.CODE_SENDS_BEFORE_CAPTCHA,
      perClientHour: v.CODE_SENDS_PER_CLIENT_HOUR,
      perRecipientDay: v.CODE_SENDS_PER_RECIPIENT_DAY,
      perHour: v.CODE_SENDS_PER_HOUR,
    },
    programs: { libreoffice: v.LIBREOFFICE_PATH, ffmpeg: v.FFMPEG_PATH },
    onlyoffice:
      v.ONLYOFFICE_URL && v.ONLYOFFICE_JWT_SECRET
        ? { url: v.ONLYOFFICE_URL.replace(/\/+$/, ''), jwtSecret: v.ONLYOFFICE_JWT_SECRET }
        : undefined,
    wechat:
      v.WECHAT_APP_ID && v.WECHAT_APP_SECRET
        ? {
            appId: v.WECHAT_APP_ID,
            appSecret: v.WECHAT_APP_SECRET,
            authorizeUrl: v.WECHAT_AUTHORIZE_URL,
            apiUrl: v.WECHAT_API_URL,
          }
        : undefined,
    payments: paymentSettings(v),
    login: { failuresPerMinute: v.LOGIN_FAILURES_PER_MINUTE },
    mqtt: {
      url: v.MQTT_URL,
      username: v.MQTT_USERNAME,
      password: v.MQTT_PASSWORD,
      host: v.MQTT_HOST,
      port: v.MQTT_PORT ?? 1883,
      portExplicit: v.MQTT_PORT !== undefined,
      deviceUrl: v.MQTT_DEVICE_URL,
      shareGroup: v.MQTT_SHARE_GROUP,
      tls:
        v.MQTT_TLS_CERT && v.MQTT_TLS_KEY
          ? { port: v.MQTT_TLS_PORT, cert: readFileSync(v.MQTT_TLS_CERT), key: readFileSync(v.MQTT_TLS_KEY) }
          : undefined,
      ca: v.MQTT_CA_FILE ? readFileSync(v.MQTT_CA_FILE) : undefined,
    },
    devices: {
      inactivityMs: v.DEVICE_INACTIVITY_SECONDS * 1000,
      commandTimeoutMs: v.DEVICE_COMMAND_TIMEOUT_SECONDS * 1000,
      clientId:
        v.MQTT_CLIENT_ID ??
        `kerf-cloud-${hostname()
          .replace(/[^A-Za-z0-9_.-]/g, '-')
          .slice(0, 40)}`,
    },
    support: { noticeAfterMs: v.SUPPORT_NOTICE_AFTER_SECONDS * 1000 },
  };
}
