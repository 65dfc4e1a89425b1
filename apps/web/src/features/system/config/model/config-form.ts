import { configMessages, type Locale } from '@kerf/contract';
import type { ConfigInput, ConfigItem, ConfigQuery } from '../../../../api/config-api';

/** The server's rule for a key (letters, digits, dot, dash, underscore). */
const KEY_PATTERN = /^[A-Za-z0-9_.-]+$/;

export const CONFIG_LIMITS = { keyMax: 100, nameMax: 100, valueMax: 2000, remarkMax: 500 } as const;

/** The words for a key that is not a key, or null when it is one. */
export function configKeyProblem(value: string, locale: Locale): string | null {
  return KEY_PATTERN.test(value.trim()) ? null : configMessages.badKey[locale];
}

/** A built-in switch (Kerf reads it as true or false): the dialog offers the two values, nothing else. */
export function isSwitch(item: ConfigItem | undefined): boolean {
  return Boolean(item?.builtin && (item.configValue === 'true' || item.configValue === 'false'));
}

/** What the dialog starts with: the parameter as it is, or a new one's blanks. */
export function configFormOf(item?: ConfigItem): ConfigInput {
  return {
    configName: item?.configName ?? '',
    configKey: item?.configKey ?? '',
    configValue: item?.configValue ?? '',
    remark: item?.remark ?? '',
  };
}

/** Names and key trimmed as the server stores them; the value is kept exactly as typed. */
export function trimmedInput(values: ConfigInput): ConfigInput {
  return {
    configName: values.configName.trim(),
    configKey: values.configKey.trim(),
    configValue: values.configValue,
    remark: (values.remark ?? '').trim(),
  };
}

export type ConfigFilters = { configName?: string; configKey?: string; builtin?: 'true' | 'false' };

/** The search form as the list call takes it: blanks left out. */
export function configQueryOf(filters: ConfigFilters): ConfigQuery {
  const name = filters.configName?.trim();
  const key = filters.configKey?.trim();
  return {
    ...(name ? { configName: name } : {}),
    ...(key ? { configKey: key } : {}),
    ...(filters.builtin ? { builtin: filters.builtin } : {}),
  };
}
