import { type ConfigItem, type Page, SYSTEM_PATHS } from '@kerf/contract';
import { pageOf } from './page';
import { CLOUD_API, request } from './request';

/** The system-parameter calls (SPEC §7 `/system/config`; paths in @kerf/contract system.ts), under /cloud-api. */

export type { ConfigItem };

export type ConfigInput = Pick<ConfigItem, 'configKey' | 'configValue' | 'configName' | 'remark'>;

export interface ConfigQuery {
  configName?: string;
  configKey?: string;
  builtin?: 'true' | 'false';
}

/** The parameter Kerf reads to let people register (`false` closes the register page). */
export const REGISTER_USER_KEY = 'sys.account.registerUser';

const url = (path: string, id = '') => `${CLOUD_API}${path.replace(':id', encodeURIComponent(id))}`;

/** One parameter's value by key (public); undefined when there is no such key. */
export async function configValue(key: string): Promise<string | undefined> {
  const answer = await request.get<string>(`${CLOUD_API}/system/config/configKey/${encodeURIComponent(key)}`, {
    withToken: false,
  });
  return typeof answer.data === 'string' ? answer.data : undefined;
}

export async function listConfigs(query: ConfigQuery, page: number, limit: number): Promise<Page<ConfigItem>> {
  const params = { ...query, page, limit };
  return pageOf((await request.get<Page<ConfigItem>>(url(SYSTEM_PATHS.configs), { params })).data, page, limit);
}

/** Adds a parameter (no `id`) or changes one; answers the server's words. */
export async function saveConfig(input: ConfigInput & { id?: string }): Promise<string> {
  return input.id
    ? (await request.put<ConfigItem>(url(SYSTEM_PATHS.config), input)).msg
    : (await request.post<ConfigItem>(url(SYSTEM_PATHS.config), input, { repeatSubmit: false })).msg;
}

export async function removeConfig(id: string): Promise<string> {
  return (await request.delete(url(SYSTEM_PATHS.configById, id))).msg;
}
