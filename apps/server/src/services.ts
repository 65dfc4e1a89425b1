import { join } from 'node:path';
import { TRADE_PATHS } from '@kerf/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import type { BlobStore } from './infra/blob/blob-store.js';
import type { DeviceBroker } from './infra/broker/index.js';
import type { Cache } from './infra/cache/cache.js';
import { JobRepository } from './infra/jobs/job.repository.js';
import { JobQueue } from './infra/jobs/job-queue.js';
import { type LiveBus, MemoryLiveBus } from './infra/live/live-bus.js';
import { AccountService } from './modules/account/account.service.js';
import { IdentityRepository } from './modules/account/identity.repository.js';
import { ProfileService } from './modules/account/profile.service.js';
import { UserRepository } from './modules/account/user.repository.js';
import { UnzipService } from './modules/archive/unzip.service.js';
import { ClientRepository } from './modules/auth/client.repository.js';
import { LoginService } from './modules/auth/login.service.js';
import { LoginLogRepository } from './modules/auth/login-log.repository.js';
import { LOGIN_LIMITS, LoginThrottle } from './modules/auth/login-throttle.js';
import { SessionRepository } from './modules/auth/session.repository.js';
import { SessionService } from './modules/auth/session.service.js';
import { CraftRepository } from './modules/craft/craft.repository.js';
import { CraftService } from './modules/craft/craft.service.js';
import { childProcessConverter, DwgImportService } from './modules/design/dwg-import.service.js';
import { DeviceRepository } from './modules/device/device.repository.js';
import { DeviceService } from './modules/device/device.service.js';
import { DeviceActivationService, type DeviceLink } from './modules/device/device-activation.service.js';
import { credentialMatches } from './modules/device/device-credential.js';
import { DeviceGateway } from './modules/device/device-gateway.js';
import { DeviceIngestService } from './modules/device/device-ingest.service.js';
import { DeviceJobRepository } from './modules/device/device-job.repository.js';
import { DeviceJobService, type JobFiles } from './modules/device/device-job.service.js';
import { DeviceJobLinks } from './modules/device/device-job-link.js';
import { publishDeviceChanges } from './modules/device/device-live.routes.js';
import { DeviceRegistryService } from './modules/device/device-registry.service.js';
import { DeviceRuntimeRepository } from './modules/device/device-runtime.repository.js';
import { DeviceStatsRepository } from './modules/device/device-stats.repository.js';
import { DeviceStatsService } from './modules/device/device-stats.service.js';
import { DictRepository } from './modules/dict/dict.repository.js';
import { DictService } from './modules/dict/dict.service.js';
import { ContentTags } from './modules/drive/content-tag.js';
import { DetachedFiles } from './modules/drive/detached-files.js';
import { DriveHousekeeping } from './modules/drive/drive.jobs.js';
import { DriveRepository } from './modules/drive/drive.repository.js';
import { DriveService } from './modules/drive/drive.service.js';
import { ExportFiles } from './modules/drive/export-files.js';
import { UploadRepository } from './modules/drive/upload.repository.js';
import { UploadService } from './modules/drive/upload.service.js';
import { UploadProofs } from './modules/drive/upload-proof.js';
import { FeedbackRepository } from './modules/feedback/feedback.repository.js';
import { FeedbackService } from './modules/feedback/feedback.service.js';
import { GalleryRepository } from './modules/gallery/gallery.repository.js';
import { GalleryService } from './modules/gallery/gallery.service.js';
import { MonitorRepository } from './modules/monitor/monitor.repository.js';
import { MonitorService } from './modules/monitor/monitor.service.js';
import { NoticeRepository } from './modules/notice/notice.repository.js';
import { NoticeService } from './modules/notice/notice.service.js';
import { AttachmentChecker } from './modules/objects/attachment-check.js';
import { ObjectRepository } from './modules/objects/object.repository.js';
import { ObjectService } from './modules/objects/object.service.js';
import { OperLogRepository } from './modules/oper-log/oper-log.repository.js';
import { OperLogService } from './modules/oper-log/oper-log.service.js';
import { OperLogWriter } from './modules/oper-log/oper-log.writer.js';
import { PluginRepository } from './modules/plugins/plugins.repository.js';
import { PluginService } from './modules/plugins/plugins.service.js';
import { OfficeConverter } from './modules/preview/office-converter.js';
import { OnlyOfficeService } from './modules/preview/onlyoffice.service.js';
import { PreviewService } from './modules/preview/preview.service.js';
import { findProgram } from './modules/preview/programs.js';
import { ThumbnailService } from './modules/preview/thumbnails.js';
import { ShareRepository } from './modules/share/share.repository.js';
import { ShareService } from './modules/share/share.service.js';
import { SupportRepository } from './modules/support/support.repository.js';
import { SupportService } from './modules/support/support.service.js';
import { SupportBus } from './modules/support/support-bus.js';
import { SupportNoticeSweeper } from './modules/support/support-notices.js';
import { ConfigRepository } from './modules/system/config.repository.js';
import { ConfigService } from './modules/system/config.service.js';
import { InstallationRepository } from './modules/system/installation.repository.js';
import { ServerSecretRepository } from './modules/system/server-secret.repository.js';
import { MenuRepository } from './modules/system-menu/menu.repository.js';
import { MenuService } from './modules/system-menu/menu.service.js';
import { RoleRepository } from './modules/system-role/role.repository.js';
import { RoleService } from './modules/system-role/role.service.js';
import { SystemUserRepository } from './modules/system-user/system-user.repository.js';
import { SystemUserService } from './modules/system-user/system-user.service.js';
import { paymentGateways } from './modules/trade/payments/gateways.js';
import { SandboxGateway } from './modules/trade/payments/sandbox-provider.js';
import { TradeJobs } from './modules/trade/trade.jobs.js';
import { TradeRepository } from './modules/trade/trade.repository.js';
import { TradeService } from './modules/trade/trade.service.js';
import { VerificationCodeService } from './modules/verification/code.service.js';
import {
  ChannelCodeDelivery,
  type CodeDelivery,
  OutboxCodeDelivery,
  SmtpCodeDelivery,
  WebhookSmsDelivery,
} from './modules/verification/code-delivery.js';
import { CodeSendGuard } from './modules/verification/code-send-guard.js';
import { ImageCaptchaService } from './modules/verification/image-captcha.service.js';
import { WechatClient } from './modules/wechat/wechat.client.js';
import { WechatService } from './modules/wechat/wechat.service.js';

export interface Infrastructure {
  database: DatabaseHandle;
  blobs: BlobStore;
  cache: Cache;
  /** How verification codes reach people; defaults from configuration (SMTP, SMS webhook, outbox). */
  delivery?: CodeDelivery;
  /** The device broker; without one (API-only tests) machines cannot connect and commands are never sent. */
  broker?: DeviceBroker;
  /** Live updates across instances (Redis pub/sub with REDIS_URL); in memory when omitted. */
  live?: LiveBus;
}

/** Machines: registry, activation, the owner's view, and the gateway to the broker when there is one. */
function createDeviceServices(config: Config, infra: Infrastructure, log: FastifyBaseLogger, files: JobFiles) {
  const db = infra.database.db;
  const repository = new DeviceRepository(db);
  const runtime = new DeviceRuntimeRepository(db);
  const jobRepository = new DeviceJobRepository(db);
  const jobLinks = new DeviceJobLinks(new ServerSecretRepository(db));
  let jobs: DeviceJobService | null = null;
  const broker = infra.broker;
  const link: DeviceLink = broker
    ? {
        grant: (serial, password) => broker.grant(serial, password),
        revoke: (serial) => broker.revoke(serial),
        deviceUrl: broker.deviceUrl,
      }
    : { grant: async () => {}, revoke: async () => {}, deviceUrl: '' };
  broker?.useAccess({
    check: async (username, password) =>
      credentialMatches(password, await repository.credentialHashOf(username)) ? username : null,
  });
  let gateway: DeviceGateway | null = null;
  const ingest = new DeviceIngestService({
    runtime,
    jobs: {
      confirmDelivery: (command, data, at) => jobs!.confirmDelivery(command, data, at),
      report: (serial, report, at) => jobs!.report(serial, report, at),
    },
    inactivityMs: config.devices.inactivityMs,
    onReachable: (deviceId) => {
      gateway?.dispatch(deviceId).catch((err) => log.error({ err }, 'queued commands not sent'));
    },
  });
  const live = infra.live ?? new MemoryLiveBus();
  publishDeviceChanges(ingest, live, (err) => log.warn({ err }, 'device state not published live'));
  gateway = broker
    ? new DeviceGateway({
        connection: { ...broker.connection, clientId: config.devices.clientId, shareGroup: broker.shareGroup },
        ingest,
        runtime,
        log,
        sweepMs: Math.max(1000, Math.floor(config.devices.inactivityMs / 4)),
        answerTimeoutMs: config.devices.commandTimeoutMs,
      })
    : null;
  const devices = new DeviceService({ devices: repository, runtime, link, sender: gateway ?? undefined });
  jobs = new DeviceJobService({ jobs: jobRepository, devices, files, links: jobLinks });
  return {
    live,
    deviceGateway: gateway,
    deviceIngest: ingest,
    devices,
    deviceJobs: jobs,
    deviceJobLinks: jobLinks,
    deviceActivation: new DeviceActivationService({ devices: repository, link }),
    deviceRegistry: new DeviceRegistryService({ devices: repository }),
    deviceStats: new DeviceStatsService({
      devices: repository,
      stats: new DeviceStatsRepository(db),
      jobs: jobRepository,
    }),
  };
}

/** Mail and SMS as configured; a channel with nothing configured writes to DATA_DIR/outbox.log. */
export function codeDeliveryFor(config: Config, log: FastifyBaseLogger): CodeDelivery {
  const outbox = new OutboxCodeDelivery(join(config.dataDir, 'outbox.log'), log);
  return new ChannelCodeDelivery({
    email: config.mail.smtpUrl ? new SmtpCodeDelivery(config.mail.smtpUrl, config.mail.from) : outbox,
    mobile: config.sms.webhookUrl ? new WebhookSmsDelivery(config.sms.webhookUrl, config.sms.webhookToken) : outbox,
  });
}

/** The composition of domain services over the infrastructure: one place that knows who needs whom. */
export function createServices(config: Config, infra: Infrastructure, log: FastifyBaseLogger) {
  const db = infra.database.db;
  const users = new UserRepository(db);
  const configs = new ConfigService(new ConfigRepository(db));
  const dicts = new DictService(new DictRepository(db));
  const menus = new MenuService(new MenuRepository(db));
  const operLogRows = new OperLogRepository(db);
  const operLogs = new OperLogService(operLogRows);
  const operLogWriter = new OperLogWriter(operLogRows, log);
  const codes = new VerificationCodeService(infra.cache);
  const captcha = new ImageCaptchaService(infra.cache);
  // With a shared cache, a session ended on one instance is marked there for all (SessionService).
  const sharedCache = infra.cache.kind === 'redis' ? infra.cache : undefined;
  const sessions = new SessionService(new SessionRepository(db), config.sessions, undefined, sharedCache);
  const clients = new ClientRepository(db);
  const systemRoles = new RoleService({ roles: new RoleRepository(db), sessions });
  const loginLog = new LoginLogRepository(db);
  const monitor = new MonitorService({ repo: new MonitorRepository(db), sessions, policy: config.sessions });
  const identities = new IdentityRepository(db);
  const loginThrottle = new LoginThrottle(infra.cache, {
    ...LOGIN_LIMITS,
    globalFailuresPerMinute: config.login.failuresPerMinute,
  });
  const delivery = infra.delivery ?? codeDeliveryFor(config, log);
  const accounts = new AccountService({
    users,
    codes,
    configs,
    delivery,
    sendGuard: new CodeSendGuard(infra.cache, captcha, config.codeSends),
    loginLocks: loginThrottle,
  });
  const wechat = new WechatService({
    client: config.wechat ? new WechatClient(config.wechat) : null,
    cache: infra.cache,
    identities,
    users,
    codes,
    accounts,
    throttle: loginThrottle,
  });
  const login = new LoginService({
    clients,
    users,
    throttle: loginThrottle,
    codes,
    captcha,
    sessions,
    loginLog,
    configs,
    tickets: wechat,
  });
  const systemUsers = new SystemUserService({ repo: new SystemUserRepository(db), sessions });
  const profiles = new ProfileService({
    users,
    identities,
    sessions,
    codes,
    loginLog,
    blobs: infra.blobs,
    wechatEnabled: Boolean(config.wechat),
  });
  const entries = new DriveRepository(db);
  const drive = new DriveService(entries);
  const shares = new ShareService(new ShareRepository(db), entries, drive, infra.cache);
  const crafts = new CraftService(new CraftRepository(db));
  const cacheDir = join(config.dataDir, 'cache');
  const dwgImports = new DwgImportService(childProcessConverter());
  const thumbnails = new ThumbnailService({
    blobs: infra.blobs,
    dir: join(cacheDir, 'thumbnails'),
    ffmpeg: config.programs.ffmpeg ?? findProgram('ffmpeg'),
    readDwg: (bytes) => dwgImports.import(bytes),
    log,
  });
  const office = new OfficeConverter({
    blobs: infra.blobs,
    dir: join(cacheDir, 'office'),
    program: config.programs.libreoffice ?? findProgram('soffice', 'libreoffice'),
    log,
  });
  const previews = new PreviewService({ drive, entries, blobs: infra.blobs });
  const onlyoffice = config.onlyoffice
    ? new OnlyOfficeService({
        settings: config.onlyoffice,
        publicUrl: (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, ''),
        drive,
        blobs: infra.blobs,
      })
    : null;
  const uploads = new UploadService({
    uploads: new UploadRepository(db),
    drive,
    blobs: infra.blobs,
    proofs: new UploadProofs({ cache: infra.cache, blobs: infra.blobs }),
    stagingDir: infra.blobs.stagingDir ?? join(config.dataDir, 'uploads'),
    chunkBytes: config.drive.chunkBytes,
    log,
    onFiled: (entry) => {
      if (entry.blobSha256) {
        thumbnails.prepare({ sha256: entry.blobSha256, extendName: entry.extendName, fileSize: entry.fileSize });
      }
    },
  });
  const jobs = new JobQueue(new JobRepository(db), { log });
  const unzip = new UnzipService({ drive, blobs: infra.blobs, jobs });
  const contentTags = new ContentTags(new ServerSecretRepository(db));
  const deviceServices = createDeviceServices(config, infra, log, drive);
  const objectRows = new ObjectRepository(db);
  const tradeRows = new TradeRepository(db);
  const objects = new ObjectService({
    objects: objectRows,
    detached: new DetachedFiles(entries),
    drive,
    crafts,
    blobs: infra.blobs,
    checker: new AttachmentChecker((bytes) => dwgImports.import(bytes)),
    entitled: (userId, objectId) => tradeRows.isEntitled(userId, objectId),
  });
  const gallery = new GalleryService(new GalleryRepository(db), objectRows);
  const sandboxPayments = new SandboxGateway(
    new ServerSecretRepository(db),
    (paymentId) =>
      `${(config.publicUrl ?? '').replace(/\/+$/, '')}/cloud-api${TRADE_PATHS.sandboxPage.replace(':paymentId', paymentId)}`,
  );
  const trade = new TradeService({
    trade: tradeRows,
    objects: objectRows,
    drive,
    gateways: paymentGateways(config, sandboxPayments),
  });
  const tradeJobs = new TradeJobs(trade, log);
  const supportRows = new SupportRepository(db);
  const supportBus = new SupportBus(deviceServices.live);
  const support = new SupportService({
    conversations: supportRows,
    blobs: infra.blobs,
    noteStored: (blobs) => drive.noteStored(blobs),
    cache: infra.cache,
    bus: supportBus,
    accountOf: async (userId) => {
      const user = await users.findById(userId);
      if (!user) return null;
      const machines = await deviceServices.devices.list({ userId, all: false }, {}, { offset: 0, limit: 50 });
      return {
        userId,
        name: user.nickName || user.loginName,
        email: user.email,
        mobile: user.mobile,
        createdAt: user.createdAt.toISOString(),
        lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
        devices: machines.rows.map((d) => ({
          id: d.id,
          name: d.name,
          serial: d.machineCode,
          model: d.boardModel,
          state: d.state,
        })),
      };
    },
  });
  const supportNotices = new SupportNoticeSweeper({
    conversations: supportRows,
    delivery,
    webUrl: `${(config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '')}/web/`,
    noticeAfterMs: config.support.noticeAfterMs,
    log,
  });
  const notices = new NoticeService(new NoticeRepository(db));
  const feedback = new FeedbackService({
    feedback: new FeedbackRepository(db),
    blobs: infra.blobs,
    noteStored: (blobs) => drive.noteStored(blobs),
    cache: infra.cache,
    captcha,
    notices,
    delivery,
    webUrl: `${(config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '')}/web/`,
    log,
  });
  const plugins = new PluginService({ plugins: new PluginRepository(db), log });
  const housekeeping = new DriveHousekeeping({ drive, uploads, blobs: infra.blobs, settings: config.drive, log });
  return {
    jobs,
    drive,
    shares,
    thumbnails,
    office,
    previews,
    onlyoffice,
    uploads,
    unzip,
    dwgImports,
    objects,
    gallery,
    trade,
    tradeJobs,
    sandboxPayments,
    exports: new ExportFiles(join(config.dataDir, 'exports')),
    housekeeping,
    notices,
    feedback,
    plugins,
    support,
    supportBus,
    supportNotices,
    contentTags,
    users,
    identities,
    profiles,
    systemUsers,
    wechat,
    configs,
    dicts,
    menus,
    systemRoles,
    operLogs,
    operLogWriter,
    codes,
    captcha,
    sessions,
    clients,
    loginLog,
    monitor,
    accounts,
    login,
    installation: new InstallationRepository(db),
    crafts,
    ...deviceServices,
    /**
     * Idempotent start-up work: built-in parameters, roles and menus, the web client, the first crafts
     * and the built-in plugins.
     */
    async prepare() {
      // The built-in plugins' scripts are bundled (from the sources) or read while the rest is prepared.
      const seedingPlugins = plugins.seedBuiltins();
      seedingPlugins.catch(() => undefined);
      await uploads.prepare();
      await contentTags.load();
      await deviceServices.deviceJobLinks.load();
      await sandboxPayments.load();
      await configs.ensureDefaults();
      await accounts.ensureRoles();
      await menus.ensureBuiltin();
      await clients.upsert({
        clientId: config.webClient.clientId,
        secret: config.webClient.clientSecret,
        name: 'Kerf web app',
        grantTypes: ['password', 'code', 'wechat'],
      });
      await crafts.seedStandardLibrary();
      await seedingPlugins;
    },
  };
}

export type Services = ReturnType<typeof createServices>;
