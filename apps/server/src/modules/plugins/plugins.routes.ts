import multipart from '@fastify/multipart';
import {
  type Bilingual,
  type Envelope,
  errorEnvelope,
  format,
  PLUGIN_LIMITS,
  PLUGIN_PATHS,
  PLUGIN_PERMISSIONS,
  pluginMessages,
} from '@kerf/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { ok } from '../../http/envelope.js';
import { callerOf } from '../auth/auth.plugin.js';
import { UNTRUSTED_CONTENT_POLICY } from '../drive/blob-response.js';
import { packageTooLarge } from './plugin-package.js';
import {
  detailResponse,
  detailsResponse,
  emptyResponse,
  enabledBody,
  idParams,
  installBody,
  listResponse,
  mineResponse,
  myPluginResponse,
  statusBody,
  versionParams,
} from './plugins.schema.js';
import type { PluginService } from './plugins.service.js';

const tags = ['plugins'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
const manage = PLUGIN_PERMISSIONS.manage;

/** A success envelope whose message names what was done (a plugin's name in the caller's language, a version). */
function said<T>(request: FastifyRequest, text: Bilingual, args: string[], data: T): Envelope<T> {
  return { code: 0, msg: format(text[request.locale], ...args), data };
}

/** The uploaded zip: the multipart file field `package`, the one file the form may hold. */
async function readPackage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw AppError.badRequest('formatError');
  let zip: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'package') zip = bytes;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw packageTooLarge();
    // a second file: which one is the package is not guessed
    if (code === 'FST_FILES_LIMIT') throw AppError.badRequest('formatError');
    throw error;
  }
  if (!zip) throw AppError.badRequest(pluginMessages.packageNotZip);
  return zip;
}

/**
 * Cache rules for a version's entry and icon. A published package's version never changes; a built-in
 * version can (an upgrade of Kerf ships new code under the same number), so it is checked each time by
 * its digest; drafts and withdrawn versions (administrators only) are not kept.
 */
function cacheHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { status: string; builtin: boolean; digest: string },
) {
  const tag = `"${file.digest}"`;
  reply.header('ETag', tag);
  if (file.status !== 'published') reply.header('Cache-Control', 'private, no-store');
  else if (file.builtin) reply.header('Cache-Control', 'public, no-cache');
  else reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  return file.status === 'published' && request.headers['if-none-match'] === tag;
}

/** Plugins (contract: packages/contract/src/plugins.ts PLUGIN_PATHS), under /cloud-api. */
export const pluginRoutes: FastifyPluginAsyncZod<{ plugins: PluginService }> = async (app, { plugins }) => {
  await app.register(multipart, {
    // one byte more than allowed is what tells a package over the limit
    limits: { fileSize: PLUGIN_LIMITS.packageMaxBytes, files: 1, fields: 5, fieldSize: 1024 },
  });

  app.get(
    PLUGIN_PATHS.list,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Published plugins, each at its newest published version; signed in, with `installed` for each',
        response: { 200: listResponse, ...errors },
      },
    },
    async (request) => ok(request, await plugins.list(request.auth)),
  );

  app.get(
    PLUGIN_PATHS.mine,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary:
          'My plugins: the built-ins and what I installed, enabled or not, with the version that runs (null when ' +
          'it was withdrawn) and the newest published',
        response: { 200: mineResponse, ...errors },
      },
    },
    async (request) => ok(request, await plugins.mine(callerOf(request).userId)),
  );

  app.get(
    PLUGIN_PATHS.manage,
    {
      config: { permission: manage },
      schema: {
        tags,
        summary: 'Every plugin with every version and its state (draft, published, withdrawn)',
        response: { 200: detailsResponse, ...errors },
      },
    },
    async (request) => ok(request, await plugins.manage()),
  );

  app.post(
    PLUGIN_PATHS.upload,
    {
      config: { permission: manage },
      schema: {
        tags,
        summary:
          'Upload a plugin package: multipart `package`, a zip of at most 2 MB with manifest.json, its entry ' +
          'script and icon; checked, then kept as a draft of a new version above the existing ones',
        consumes: ['multipart/form-data'],
        response: { 200: detailResponse, 409: errorEnvelope, 413: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      const zip = await readPackage(request);
      const { plugin, version } = await plugins.upload(callerOf(request).userId, zip);
      return said(request, pluginMessages.uploaded, [plugin.name[request.locale], version], plugin);
    },
  );

  app.get(
    PLUGIN_PATHS.byId,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'One plugin with its published versions (administrators: every version)',
        params: idParams,
        response: { 200: detailResponse, ...errors },
      },
    },
    async (request) => ok(request, await plugins.one(request.auth, request.params.id)),
  );

  app.get(
    PLUGIN_PATHS.entry,
    {
      // the sandbox's host fetches it with the session header; a plain link with the cookie
      config: { auth: 'optional', tokenCookie: true },
      schema: {
        tags,
        summary: 'A version’s entry script, as a download (published; administrators: any version)',
        params: versionParams,
        response: { 401: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, typedReply) => {
      const reply = typedReply as FastifyReply;
      const { id, version } = request.params;
      const file = await plugins.file(request.auth, id, version, 'entry');
      if (cacheHeaders(request, reply, file)) return reply.code(304).send();
      return reply
        .header('Content-Type', 'text/javascript; charset=utf-8')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', contentDisposition(`${id}-${version}.js`, 'attachment'))
        .header('Content-Security-Policy', UNTRUSTED_CONTENT_POLICY)
        .send(file.bytes);
    },
  );

  app.get(
    PLUGIN_PATHS.icon,
    {
      config: { auth: 'optional', tokenCookie: true },
      schema: {
        tags,
        summary: 'A version’s icon, PNG or SVG, served inert (published; administrators: any version)',
        params: versionParams,
        response: { 401: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, typedReply) => {
      const reply = typedReply as FastifyReply;
      const file = await plugins.file(request.auth, request.params.id, request.params.version, 'icon');
      if (cacheHeaders(request, reply, file)) return reply.code(304).send();
      return reply
        .header('Content-Type', file.iconType ?? 'application/octet-stream')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', UNTRUSTED_CONTENT_POLICY)
        .send(file.bytes);
    },
  );

  app.put(
    PLUGIN_PATHS.status,
    {
      // setting a state twice is harmless: no duplicate-submit window
      config: { permission: manage, duplicateSubmit: false },
      schema: {
        tags,
        summary: 'Publish or withdraw a version (versions are kept; a withdrawn one is no longer served to users)',
        params: versionParams,
        body: statusBody,
        response: { 200: detailResponse, ...errors },
      },
    },
    async (request) => {
      const { id, version } = request.params;
      const { status } = request.body;
      const plugin = await plugins.setStatus(id, version, status);
      const text = status === 'published' ? pluginMessages.published : pluginMessages.withdrawn;
      return said(request, text, [plugin.name[request.locale], version], plugin);
    },
  );

  app.post(
    PLUGIN_PATHS.install,
    {
      config: { auth: 'required', duplicateSubmit: false },
      schema: {
        tags,
        summary:
          'Install a plugin, or move my install to `version` (published; none: the newest published, which a ' +
          'built-in then follows)',
        params: idParams,
        body: installBody,
        response: { 200: myPluginResponse, ...errors },
      },
    },
    async (request) => {
      const mine = await plugins.install(callerOf(request).userId, request.params.id, request.body?.version);
      const version = mine.version ?? mine.latest ?? '';
      return said(request, pluginMessages.installed, [mine.manifest.name[request.locale], version], mine);
    },
  );

  app.delete(
    PLUGIN_PATHS.install,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Uninstall a plugin (built-ins cannot be uninstalled; they can be disabled)',
        params: idParams,
        response: { 200: emptyResponse, ...errors },
      },
    },
    async (request) => {
      const name = await plugins.uninstall(callerOf(request).userId, request.params.id);
      return said(request, pluginMessages.uninstalled, [name[request.locale]], null);
    },
  );

  app.put(
    PLUGIN_PATHS.enabled,
    {
      config: { auth: 'required', duplicateSubmit: false },
      schema: {
        tags,
        summary: 'Enable or disable one of my plugins (built-ins too)',
        params: idParams,
        body: enabledBody,
        response: { 200: myPluginResponse, ...errors },
      },
    },
    async (request) => {
      const { enabled } = request.body;
      const mine = await plugins.setEnabled(callerOf(request).userId, request.params.id, enabled);
      const text = enabled ? pluginMessages.enabled : pluginMessages.disabled;
      return said(request, text, [mine.manifest.name[request.locale]], mine);
    },
  );
};
