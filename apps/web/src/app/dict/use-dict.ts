import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { dictByType } from '../../api/dict-api';
import { useSettings } from '../../stores/settings-store';
import { type DictView, dictView } from './dict-labels';

/** A dictionary is read once per type and kept for this long (staff rewording shows within it). */
const FRESH_MS = 5 * 60 * 1000;

/**
 * One dictionary for a page: its entries, and the label and colour of a value in the current language
 * (switching the language switches the labels at once; the entries are cached per type).
 */
export function useDict(type: string) {
  const locale = useSettings((s) => s.locale);
  const query = useQuery({ queryKey: ['dict', type], queryFn: () => dictByType(type), staleTime: FRESH_MS });
  const entries = query.data;
  const view = useCallback((value: string): DictView => dictView(entries ?? [], value, locale), [entries, locale]);
  return { entries: entries ?? [], view, loading: query.isLoading };
}
