import { envelopeOf, PLUGIN_PERMISSION_NAMES, PLUGIN_VERSION_STATUSES, pluginManifestSchema } from '@kerf/contract';
import { z } from 'zod';

/** Ids and versions are checked by the service: one that is no plugin's is "not found", whatever its shape. */
export const idParams = z.object({ id: z.string().max(100) });
export const versionParams = z.object({ id: z.string().max(100), version: z.string().max(40) });

/** No body, or none of it: the newest published version. */
export const installBody = z.object({ version: z.string().max(40).optional() }).nullish();
export const enabledBody = z.object({ enabled: z.boolean() });
export const statusBody = z.object({ status: z.enum(['published', 'withdrawn']) });

const bilingual = z.object({ 'zh-CN': z.string(), en: z.string() });

const summary = z.object({
  id: z.string(),
  version: z.string(),
  name: bilingual,
  description: bilingual,
  author: z.string(),
  builtin: z.boolean(),
  hasIcon: z.boolean(),
  permissions: z.array(z.enum(PLUGIN_PERMISSION_NAMES)),
  installed: z.object({ version: z.string(), enabled: z.boolean() }).nullable().optional(),
});

const versionView = z.object({
  version: z.string(),
  status: z.enum(PLUGIN_VERSION_STATUSES),
  size: z.number(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  manifest: pluginManifestSchema,
});

const detail = summary.extend({ manifest: pluginManifestSchema, versions: z.array(versionView) });

const myPlugin = z.object({
  id: z.string(),
  builtin: z.boolean(),
  enabled: z.boolean(),
  version: z.string().nullable(),
  latest: z.string().nullable(),
  manifest: pluginManifestSchema,
});

export const listResponse = envelopeOf(z.array(summary));
export const detailResponse = envelopeOf(detail);
export const detailsResponse = envelopeOf(z.array(detail));
export const mineResponse = envelopeOf(z.array(myPlugin));
export const myPluginResponse = envelopeOf(myPlugin);
export const emptyResponse = envelopeOf(z.null());
