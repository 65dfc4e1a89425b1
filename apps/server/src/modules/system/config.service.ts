import { BUILTIN_CONFIG_TEXTS, type ConfigItem, configMessages } from '@kerf/contract';
import { type PageRequest, pageSlice } from '../../db/page-slice.js';
import { AppError } from '../../http/app-error.js';
import {
  type ConfigEntry,
  type ConfigFilter,
  type ConfigRepository,
  type ConfigRow,
  type ConfigValues,
  isKeyTaken,
} from './config.repository.js';
import { CONFIG_KEY_PATTERN } from './config.schema.js';

/** Parameters Kerf ships with; features add theirs here. Values are strings, as an admin edits them. */
export const BUILTIN_CONFIG: ConfigEntry[] = [
  builtin('sys.account.captchaEnabled', 'false'),
  builtin('sys.account.registerUser', 'true'),
];

function builtin(configKey: string, configValue: string): ConfigEntry {
  const texts = BUILTIN_CONFIG_TEXTS[configKey]!;
  return { configKey, configValue, configName: texts.name.en, builtin: true, remark: texts.remark.en };
}

/** The built-in switches: Kerf reads them as `true` or `false`, so no other value is taken. */
const SWITCHES = new Set(
  BUILTIN_CONFIG.filter((c) => c.configValue === 'true' || c.configValue === 'false').map((c) => c.configKey),
);

function present(row: ConfigRow): ConfigItem {
  return {
    id: row.id,
    configKey: row.configKey,
    configValue: row.configValue,
    configName: row.configName,
    builtin: row.builtin,
    remark: row.remark ?? '',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function checkValue(key: string, value: string) {
  if (SWITCHES.has(key) && value !== 'true' && value !== 'false')
    throw AppError.badRequest(configMessages.booleanValue);
}

/**
 * System parameters (SPEC §7 `/system/config`): read by key by anyone, kept by staff. A key is unique;
 * a built-in parameter (one Kerf reads) keeps its key and cannot be deleted, and a built-in switch takes
 * `true` or `false` only. Values are read from the database on every use (no copy per process), so a
 * change holds on every instance at once.
 */
export class ConfigService {
  constructor(private readonly configs: ConfigRepository) {}

  async ensureDefaults(): Promise<void> {
    await this.configs.insertMissing(BUILTIN_CONFIG);
  }

  /** The value of a parameter, or undefined when no such key exists. */
  async valueOf(key: string): Promise<string | undefined> {
    return (await this.configs.findByKey(key))?.configValue;
  }

  /** Changes an existing parameter; false when there is no such key. */
  change(key: string, value: string): Promise<boolean> {
    checkValue(key, value);
    return this.configs.setValue(key, value);
  }

  async flag(key: string): Promise<boolean> {
    return (await this.valueOf(key)) === 'true';
  }

  async list(filter: ConfigFilter, page: PageRequest) {
    const { rows, total } = await this.configs.list(filter, pageSlice(page));
    return { list: rows.map(present), total, ...page };
  }

  async one(id: string): Promise<ConfigItem> {
    return present(await this.existing(id));
  }

  async add(values: ConfigValues): Promise<ConfigItem> {
    checkKey(values.configKey);
    checkValue(values.configKey, values.configValue);
    return present(await this.saving(() => this.configs.insert(values)));
  }

  async edit(id: string, values: ConfigValues): Promise<ConfigItem> {
    checkKey(values.configKey);
    const before = await this.existing(id);
    if (before.builtin && before.configKey !== values.configKey) throw AppError.badRequest(configMessages.builtinKey);
    checkValue(values.configKey, values.configValue);
    const row = await this.saving(() => this.configs.update(id, values));
    if (!row) throw AppError.notFound(configMessages.notFound);
    return present(row);
  }

  async remove(id: string): Promise<void> {
    const row = await this.existing(id);
    if (row.builtin) throw AppError.badRequest(configMessages.builtinRemove);
    if (!(await this.configs.deleteCustom(id))) throw AppError.notFound(configMessages.notFound);
  }

  private async existing(id: string): Promise<ConfigRow> {
    const row = await this.configs.byId(id);
    if (!row) throw AppError.notFound(configMessages.notFound);
    return row;
  }

  /** Runs a save; the unique index refusing it (a key taken) is a 409 参数键名已存在. */
  private async saving<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      if (isKeyTaken(error)) throw AppError.conflict(configMessages.keyExists);
      throw error;
    }
  }
}

function checkKey(key: string) {
  if (!CONFIG_KEY_PATTERN.test(key)) throw AppError.badRequest(configMessages.badKey);
}
