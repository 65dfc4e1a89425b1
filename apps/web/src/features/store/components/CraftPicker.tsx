import { CRAFT_LIBRARIES, type Craft, type ObjectCraft } from '@kerf/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listCrafts } from '../../../api/craft-api';
import { craftTitle } from '../../craft/model/craft-format';

/** Crafts offered per library for what was typed; buyers will see the chosen ones on the object page. */
const OFFERED = 20;

/**
 * Picks the laser settings an object is made with, from my crafts and the standard library, searched by
 * material or name as one types. Crafts chosen before keep their names even when not in the results.
 */
export function CraftPicker({
  value = [],
  onChange,
  chosen,
}: {
  value?: string[];
  onChange?(ids: string[]): void;
  /** The object's crafts as stored (editing), for their labels. */
  chosen: readonly ObjectCraft[];
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const keyword = useDeferredValue(typed.trim());
  const found = useQuery({
    queryKey: ['crafts', 'picker', keyword],
    queryFn: async () =>
      Promise.all(
        CRAFT_LIBRARIES.map(async (library) => ({
          library,
          crafts: (
            await listCrafts({
              library,
              page: 1,
              limit: OFFERED,
              sort: 'material',
              order: 'asc',
              ...(keyword ? { keyword } : {}),
            })
          ).list,
        })),
      ),
    staleTime: 30_000,
  });
  // Labels of every craft seen so far, so a chosen one keeps its name when a search hides it.
  const [known] = useState(() => new Map<string, string>());
  const any = t('craft.anyThickness');
  for (const craft of chosen) known.set(craft.id, craftTitle(craft, any));
  const groups = useMemo(
    () =>
      (found.data ?? [])
        .filter((group) => group.crafts.length > 0)
        .map((group) => ({
          label: t(`craft.tabs.${group.library}`),
          options: group.crafts.map((craft: Craft) => {
            const label = craftTitle(craft, any);
            known.set(craft.id, label);
            return { value: craft.id, label };
          }),
        })),
    [found.data, known, any, t],
  );
  const shown = new Set(groups.flatMap((g) => g.options.map((o) => o.value)));
  const hidden = value.filter((id) => !shown.has(id)).map((id) => ({ value: id, label: known.get(id) ?? id }));
  return (
    <Select
      mode="multiple"
      value={value}
      onChange={onChange}
      showSearch
      filterOption={false}
      onSearch={setTyped}
      onBlur={() => setTyped('')}
      loading={found.isFetching}
      maxCount={20}
      options={hidden.length ? [...groups, { label: t('store.object.craftsChosen'), options: hidden }] : groups}
      placeholder={t('store.object.craftsHint')}
      notFoundContent={found.isFetching ? null : t('store.object.craftsNone')}
      aria-label={t('store.object.crafts')}
    />
  );
}
