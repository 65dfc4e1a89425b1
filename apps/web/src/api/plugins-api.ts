import {
  type MyPlugin,
  PLUGIN_PATHS,
  type PluginDetail,
  type PluginSummary,
  type PluginVersionStatus,
  type PluginVersionView,
} from '@kerf/contract';
import { CLOUD_API, request } from './request';

/**
 * Plugins (@kerf/contract plugins.ts): browsing, my installed plugins, their entry scripts and icons,
 * and the administrators' package publishing.
 */

export type { MyPlugin, PluginDetail, PluginSummary, PluginVersionView };

/** A path with its `:id` / `:version` filled in, each part encoded. */
function url(path: string, params: { id?: string; version?: string } = {}): string {
  return `${CLOUD_API}${path.replace(/:(id|version)\b/g, (_, name: 'id' | 'version') =>
    encodeURIComponent(params[name] ?? ''),
  )}`;
}

/** An administrator's view of one plugin: the detail with every version, drafts and withdrawn ones too. */
export type ManagedPlugin = PluginDetail;

/* ---- browsing ---- */

/** Published plugins (each at its newest published version), with `installed` for a signed-in caller. */
export async function listPlugins(): Promise<PluginSummary[]> {
  const answer = await request.get<PluginSummary[]>(url(PLUGIN_PATHS.list), { reloginPrompt: false });
  return Array.isArray(answer.data) ? answer.data : [];
}

/** One plugin with its published versions (administrators: every version). */
export async function getPlugin(id: string): Promise<PluginDetail> {
  return (await request.get<PluginDetail>(url(PLUGIN_PATHS.byId, { id }), { reloginPrompt: false })).data;
}

/** My plugins: the built-ins and what I installed, each enabled or not. */
export async function myPlugins(): Promise<MyPlugin[]> {
  const answer = await request.get<MyPlugin[]>(url(PLUGIN_PATHS.mine), { reloginPrompt: false });
  return Array.isArray(answer.data) ? answer.data : [];
}

/** Where the plugin's icon is served (inert: an <img> shows it, nothing in it runs). */
export function pluginIconUrl(id: string, version: string): string {
  return url(PLUGIN_PATHS.icon, { id, version });
}

/* ---- the entry script ---- */

// A version's entry never changes once stored, so one fetch per id@version serves the whole visit.
const entryCache = new Map<string, Promise<string>>();

/** The plugin's entry script as text, fetched once per id@version; a failed fetch is not kept. */
export function fetchPluginEntry(id: string, version: string): Promise<string> {
  const key = `${id}@${version}`;
  const cached = entryCache.get(key);
  if (cached) return cached;
  const pending = request
    .send<unknown>({
      method: 'get',
      url: url(PLUGIN_PATHS.entry, { id, version }),
      responseType: 'text',
      reloginPrompt: false,
      // the script stays text; an error (an envelope in JSON) is read as JSON so the client can settle it
      transformResponse: [
        (data: unknown, headers?: { get?(name: string): unknown } | Record<string, unknown>) =>
          isJsonAnswer(headers) && typeof data === 'string' ? parseOrKeep(data) : data,
      ],
    })
    .then((body) => {
      if (typeof body !== 'string') throw new Error(`The entry of ${key} is not a script`);
      return body;
    });
  entryCache.set(key, pending);
  pending.catch(() => entryCache.delete(key));
  return pending;
}

function isJsonAnswer(headers: unknown): boolean {
  if (!headers || typeof headers !== 'object') return false;
  const getter = (headers as { get?: (name: string) => unknown }).get;
  const type =
    typeof getter === 'function'
      ? getter.call(headers, 'content-type')
      : (headers as Record<string, unknown>)['content-type'];
  return typeof type === 'string' && type.includes('json');
}

function parseOrKeep(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Forgets the cached entries (tests; an administrator's session switching). */
export function clearPluginEntryCache(): void {
  entryCache.clear();
}

/* ---- my account ---- */

/** Installs a plugin, or moves an installed one to `version` (none: the newest published). */
export async function installPlugin(id: string, version?: string): Promise<{ msg: string }> {
  const answer = await request.post<unknown>(url(PLUGIN_PATHS.install, { id }), version ? { version } : {}, {
    repeatSubmit: false,
  });
  return { msg: answer.msg };
}

/** Updating is installing the newer version over the installed one. */
export const updatePlugin = installPlugin;

export async function uninstallPlugin(id: string): Promise<{ msg: string }> {
  const answer = await request.delete<unknown>(url(PLUGIN_PATHS.install, { id }));
  return { msg: answer.msg };
}

export async function setPluginEnabled(id: string, enabled: boolean): Promise<{ msg: string }> {
  const answer = await request.put<unknown>(url(PLUGIN_PATHS.enabled, { id }), { enabled }, { repeatSubmit: false });
  return { msg: answer.msg };
}

/* ---- administrators (plugin:package:manage) ---- */

/** Every plugin and every version with its state. */
export async function managedPlugins(): Promise<ManagedPlugin[]> {
  const answer = await request.get<ManagedPlugin[]>(url(PLUGIN_PATHS.manage));
  return Array.isArray(answer.data) ? answer.data : [];
}

/** Uploads a package (a zip, multipart field `package`); the server checks it and keeps it as a draft. */
export async function uploadPluginPackage(
  file: Blob,
  name: string,
  onProgress?: (fraction: number) => void,
): Promise<{ msg: string }> {
  const form = new FormData();
  form.append('package', file, name || 'plugin.zip');
  const answer = await request.post<unknown>(url(PLUGIN_PATHS.upload), form, {
    timeout: 0,
    onUploadProgress: onProgress
      ? (event) => {
          if (event.total) onProgress(Math.min(1, event.loaded / event.total));
        }
      : undefined,
  });
  return { msg: answer.msg };
}

/** Publishes or withdraws one version. */
export async function setPluginVersionStatus(
  id: string,
  version: string,
  status: Exclude<PluginVersionStatus, 'draft'>,
): Promise<{ msg: string }> {
  const answer = await request.put<unknown>(
    url(PLUGIN_PATHS.status, { id, version }),
    { status },
    {
      repeatSubmit: false,
    },
  );
  return { msg: answer.msg };
}
