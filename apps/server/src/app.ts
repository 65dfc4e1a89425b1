import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { DEVICE_PATHS, SUPPORT_PATHS } from '@kerf/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import pkg from '../package.json' with { type: 'json' };
import type { Config } from './config.js';
import { httpConventions, parseNested } from './http/conventions.js';
import { cryptoEnvelope } from './http/crypto-envelope/crypto-envelope.plugin.js';
import { EnvelopeKeysRepository } from './http/crypto-envelope/envelope-keys.repository.js';
import { duplicateSubmit } from './http/duplicate-submit.js';
import { responseSerializerCompiler } from './http/response-serializer.js';
import { webApp } from './http/web-app.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { profileRoutes } from './modules/account/profile.routes.js';
import { unzipRoutes } from './modules/archive/unzip.routes.js';
import { authPlugin } from './modules/auth/auth.plugin.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { craftRoutes } from './modules/craft/craft.routes.js';
import { designRoutes } from './modules/design/design.routes.js';
import { deviceRoutes } from './modules/device/device.routes.js';
import { deviceJobRoutes } from './modules/device/device-job.routes.js';
import { deviceLiveOpenApi, deviceLiveRoutes } from './modules/device/device-live.routes.js';
import { dictRoutes } from './modules/dict/dict.routes.js';
import { driveRoutes } from './modules/drive/drive.routes.js';
import { commonDownloadRoutes, transferRoutes } from './modules/drive/transfer.routes.js';
import { feedbackRoutes } from './modules/feedback/feedback.routes.js';
import { galleryRoutes } from './modules/gallery/gallery.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { HealthService } from './modules/health/health.service.js';
import { monitorRoutes } from './modules/monitor/monitor.routes.js';
import { noticeRoutes } from './modules/notice/notice.routes.js';
import { objectRoutes } from './modules/objects/object.routes.js';
import { operLogPlugin } from './modules/oper-log/oper-log.plugin.js';
import { operLogRoutes } from './modules/oper-log/oper-log.routes.js';
import { pluginRoutes } from './modules/plugins/plugins.routes.js';
import { sandboxRoutes } from './modules/plugins/sandbox.routes.js';
import { previewRoutes } from './modules/preview/preview.routes.js';
import { presentMyShared, shareLinkRoutes, shareRoutes } from './modules/share/share.routes.js';
import { supportRoutes } from './modules/support/support.routes.js';
import { supportLiveOpenApi, supportLiveRoutes } from './modules/support/support-live.routes.js';
import { supportStaffRoutes } from './modules/support/support-staff.routes.js';
import { configRoutes } from './modules/system/config.routes.js';
import { menuRoutes } from './modules/system-menu/menu.routes.js';
import { roleRoutes } from './modules/system-role/role.routes.js';
import { systemUserRoutes } from './modules/system-user/system-user.routes.js';
import { tradeRoutes } from './modules/trade/trade.routes.js';
import { wechatRoutes } from './modules/wechat/wechat.routes.js';
import { createServices, type Infrastructure, type Services } from './services.js';

export type { Infrastructure } from './services.js';

export interface AppOptions {
  config: Config;
  infra: Infrastructure;
  /** Where the built web app is; omitted, /web/ is not served (API-only tests). */
  webRoot?: string;
  /** Prebuilt and prepared services (main.ts builds them first to create the admin); built here when omitted. */
  services?: Services;
  /** true: a JSON logger at the configured level; or a logger to share (main.ts); false: silent. */
  logger?: boolean | FastifyBaseLogger;
}

export const VERSION: string = pkg.version;

/** Builds the whole HTTP application on the given infrastructure; main.ts and the tests both use this. */
export async function buildApp({
  config,
  infra,
  webRoot,
  services,
  logger = true,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(typeof logger === 'object'
      ? { loggerInstance: logger }
      : { logger: logger ? { level: config.logLevel } : false }),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    return503OnClosing: true,
    // The first start makes the envelope's RSA key pair and seeds the database; on a loaded machine
    // that passes Fastify's default 10 s per plugin, and the server would refuse to start.
    pluginTimeout: 120_000,
    routerOptions: { querystringParser: (query: string) => parseNested(query), ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  await app.register(httpConventions);
  // Before any route that opts in with `config.encrypted`: routes declared earlier would not be covered.
  await app.register(cryptoEnvelope, { keys: new EnvelopeKeysRepository(infra.database.db) });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kerf API',
        version: VERSION,
        description:
          'Kerf cloud platform. Every JSON answer is the envelope {code, msg, data}; code 0 is success. ' +
          'Messages follow Accept-Language (zh-CN default, en).',
      },
      servers: [],
      tags: [
        { name: 'system', description: 'Health and system parameters' },
        { name: 'monitor', description: 'Sign-in log and sessions online' },
        { name: 'account', description: 'Sign-in, registration, verification codes, sessions and permissions' },
        { name: 'drive', description: 'Cloud drive: folders, files, recycle bin' },
        { name: 'design', description: 'Design editor: reading DWG drawings' },
        { name: 'device', description: 'Device cloud: registry, activation, machines, remote commands, events' },
        { name: 'support', description: 'Customer-service chat: conversations, messages, the staff console' },
        { name: 'feedback', description: 'Feedback from /feedback, its triage by staff, and a person’s messages' },
        { name: 'plugins', description: 'Plugins: browsing, my installs, entry scripts, publishing packages' },
      ],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token from the token call' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (documents) => {
      if (!('openapiObject' in documents)) return documents.swaggerObject;
      const document = documents.openapiObject;
      return {
        ...document,
        paths: {
          ...document.paths,
          [`/cloud-api${DEVICE_PATHS.live}`]: deviceLiveOpenApi,
          [`/cloud-api${SUPPORT_PATHS.live}`]: supportLiveOpenApi,
        },
      };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/cloud-api/docs',
    uiHooks: {
      // `GET /cloud-api/docs` with `Accept: application/json` answers the document itself.
      onRequest: async (request, reply) => {
        const path = request.url.split('?')[0];
        const wantsJson = /application\/json/.test(request.headers.accept ?? '');
        if (wantsJson && (path === '/cloud-api/docs' || path === '/cloud-api/docs/')) {
          return reply.send(app.swagger());
        }
      },
    },
  });

  const s = services ?? createServices(config, infra, app.log);
  // Prebuilt services were prepared by their builder (main.ts needs roles before it creates the admin).
  if (!services) await s.prepare();
  await s.installation.recordStart();
  app.decorate('contentTag', (sha256: string) => s.contentTags.of(sha256));
  const health = new HealthService(
    [
      {
        name: 'database',
        kind: infra.database.kind,
        check: async () => {
          await infra.database.ping();
          return { status: 'up' };
        },
      },
      { name: 'blobStore', kind: infra.blobs.kind, check: () => infra.blobs.check() },
      { name: 'cache', kind: infra.cache.kind, check: () => infra.cache.check() },
    ],
    { version: VERSION, installation: () => s.installation.get() },
  );

  // This instance's worker for the shared job queue: runs while the app does.
  app.addHook('onReady', async () => s.jobs.start());
  app.addHook('onClose', async () => s.jobs.stop());
  // This instance's client of the device broker: hears the machines and sends them commands.
  app.addHook('onReady', async () => s.deviceGateway?.start());
  app.addHook('onClose', async () => s.deviceGateway?.stop());
  // This instance's share of sending notices for customer-service answers left unread.
  app.addHook('onReady', async () => s.supportNotices.start());
  app.addHook('onClose', async () => s.supportNotices.stop());
  await app.register(authPlugin, { sessions: s.sessions, users: s.users, cacheMs: config.sessions.checkCacheMs });
  await app.register(duplicateSubmit, { cache: infra.cache });
  if (config.operLog) await app.register(operLogPlugin, { writer: s.operLogWriter });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // A refused WebSocket upgrade (no token, no permission) is answered over the raw socket, which
  // nobody would close: a client could keep it open, and it would hold up the server's shutdown.
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 400 && request.headers.upgrade?.toLowerCase() === 'websocket')
      request.raw.socket?.destroy();
  });
  await app.register(
    async (cloud) => {
      await cloud.register(healthRoutes, { health });
      await cloud.register(configRoutes, { configs: s.configs });
      await cloud.register(monitorRoutes, { monitor: s.monitor });
      await cloud.register(dictRoutes, { dicts: s.dicts });
      await cloud.register(roleRoutes, { roles: s.systemRoles });
      await cloud.register(menuRoutes, { menus: s.menus });
      await cloud.register(systemUserRoutes, { systemUsers: s.systemUsers });
      await cloud.register(operLogRoutes, { logs: s.operLogs, writer: s.operLogWriter });
      await cloud.register(driveRoutes, {
        drive: s.drive,
        sharedEntries: async (userId, code, page) => {
          const { rows, total } = await s.shares.sharedEntries(userId, code, page);
          return { list: rows.map(presentMyShared), total };
        },
      });
      await cloud.register(unzipRoutes, { unzip: s.unzip });
      await cloud.register(designRoutes, { dwg: s.dwgImports });
      await cloud.register(shareRoutes, { shares: s.shares, blobs: infra.blobs });
      await cloud.register(craftRoutes, { crafts: s.crafts });
      await cloud.register(objectRoutes, { objects: s.objects, blobs: infra.blobs, thumbnails: s.thumbnails });
      await cloud.register(galleryRoutes, { gallery: s.gallery });
      await cloud.register(tradeRoutes, { trade: s.trade, sandbox: s.sandboxPayments });
      await cloud.register(deviceRoutes, {
        devices: s.devices,
        activation: s.deviceActivation,
        registry: s.deviceRegistry,
        stats: s.deviceStats,
        cache: infra.cache,
      });
      await cloud.register(deviceLiveRoutes, { bus: s.live });
      await cloud.register(supportRoutes, { support: s.support, captcha: s.captcha, blobs: infra.blobs });
      await cloud.register(supportStaffRoutes, { support: s.support });
      await cloud.register(feedbackRoutes, { feedback: s.feedback, blobs: infra.blobs });
      await cloud.register(noticeRoutes, { notices: s.notices });
      await cloud.register(pluginRoutes, { plugins: s.plugins });
      await cloud.register(sandboxRoutes);
      await cloud.register(supportLiveRoutes, { support: s.support, bus: s.supportBus });
      await cloud.register(deviceJobRoutes, { jobs: s.deviceJobs, blobs: infra.blobs, publicUrl: config.publicUrl });
      await cloud.register(previewRoutes, {
        drive: s.drive,
        shares: s.shares,
        previews: s.previews,
        thumbnails: s.thumbnails,
        office: s.office,
        onlyoffice: s.onlyoffice,
        blobs: infra.blobs,
        users: s.users,
      });
      await cloud.register(transferRoutes, { drive: s.drive, uploads: s.uploads, blobs: infra.blobs });
    },
    { prefix: '/cloud-api' },
  );
  await app.register(shareLinkRoutes);
  await app.register(commonDownloadRoutes, { drive: s.drive, blobs: infra.blobs, exports: s.exports });
  await app.register(
    async (uac) => {
      await uac.register(authRoutes, {
        login: s.login,
        sessions: s.sessions,
        users: s.users,
        menus: s.menus,
        onlineOffice: s.onlyoffice !== null,
      });
      await uac.register(accountRoutes, { accounts: s.accounts, captcha: s.captcha, sessions: s.sessions });
      await uac.register(profileRoutes, { profiles: s.profiles });
      await uac.register(wechatRoutes, {
        wechat: s.wechat,
        login: s.login,
        client: config.webClient,
        publicUrl: config.publicUrl,
      });
    },
    { prefix: '/uac-api' },
  );

  if (webRoot) {
    await app.register(webApp, { prefix: '/web', root: webRoot, onlyofficeUrl: config.onlyoffice?.url });
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/web/', 302));
  }
  return app;
}
