import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { durationParts } from '../model/device-duration';

/** Milliseconds as words in the reader's language: `2 小时 5 分钟`, `2 h 5 min`, `under a minute`. */
export function useDurationText(): (ms: number) => string {
  const { t } = useTranslation();
  return useCallback(
    (ms: number) => {
      const parts = durationParts(ms);
      if (!parts.length) return t('devices.duration.underMinute');
      return parts.map((part) => t(`devices.duration.${part.unit}`, { count: part.count })).join(' ');
    },
    [t],
  );
}
