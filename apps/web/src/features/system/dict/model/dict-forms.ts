import {
  DICT_TYPE_PATTERN,
  type DictData,
  type DictDataInput,
  type DictStatus,
  type DictType,
  type DictTypeInput,
  dictMessages,
  type Locale,
} from '@kerf/contract';

/** The words for a dictionary type key that is not a key (SPEC-style message), or null when it is one. */
export function typeKeyProblem(value: string, locale: Locale): string | null {
  return DICT_TYPE_PATTERN.test(value.trim()) ? null : dictMessages.badType[locale];
}

/** What the dictionary form starts with: the dictionary's own values, or a new one's. */
export function typeFormOf(type?: DictType): DictTypeInput {
  return {
    dictType: type?.dictType ?? '',
    nameCn: type?.nameCn ?? '',
    nameEn: type?.nameEn ?? '',
    status: type?.status ?? '0',
    remark: type?.remark ?? '',
  };
}

/** What the entry form starts with; a new entry goes after the last one shown. */
export function dataFormOf(dictType: string, entry: DictData | undefined, shown: readonly DictData[]): DictDataInput {
  const lastSort = shown.reduce((max, e) => Math.max(max, e.sort), 0);
  return {
    dictType,
    labelCn: entry?.labelCn ?? '',
    labelEn: entry?.labelEn ?? '',
    value: entry?.value ?? '',
    listClass: entry?.listClass ?? '',
    cssClass: entry?.cssClass ?? '',
    sort: entry?.sort ?? lastSort + 1,
    status: entry?.status ?? ('0' satisfies DictStatus),
    remark: entry?.remark ?? '',
  };
}
