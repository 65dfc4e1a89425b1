import { CRAFT_LASER_TYPES, CRAFT_LIMITS, type CraftFacets } from '@kerf/contract';
import { Button, Input, InputNumber, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activeFilterCount, type CraftFilters } from '../model/craft-query';

export interface CraftFilterBarProps {
  filters: CraftFilters;
  facets: CraftFacets | undefined;
  onChange(patch: Partial<CraftFilters>): void;
  onClear(): void;
}

/**
 * A number box that reports when the person is done with it (Enter or leaving the box), so the
 * address and the list do not change at every keystroke; follows outside changes (clear, back button).
 */
function CommittedNumber({
  value,
  onCommit,
  ...rest
}: {
  value: number | undefined;
  onCommit(value: number | undefined): void;
  placeholder: string;
  'aria-label': string;
  className: string;
}) {
  const [draft, setDraft] = useState<number | null>(value ?? null);
  useEffect(() => setDraft(value ?? null), [value]);
  const commit = () => {
    const next = draft ?? undefined;
    if (next !== value) onCommit(next);
  };
  return (
    <InputNumber<number>
      {...rest}
      min={0}
      max={CRAFT_LIMITS.thicknessMax}
      step={0.5}
      suffix="mm"
      value={draft}
      onChange={setDraft}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}

/** Material, thickness range, laser type, power class, machine model and words; all kept in the address. */
export function CraftFilterBar({ filters, facets, onChange, onClear }: CraftFilterBarProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  useEffect(() => setKeyword(filters.keyword ?? ''), [filters.keyword]);
  const models = facets?.machineModels ?? [];

  return (
    <search className="craft-filters" aria-label={t('craft.filters.label')}>
      <Input.Search
        className="craft-filters__keyword"
        placeholder={t('craft.filters.keyword')}
        aria-label={t('craft.filters.keyword')}
        allowClear
        value={keyword}
        maxLength={100}
        onChange={(event) => {
          setKeyword(event.target.value);
          // the clear button empties the box: the search ends with it
          if (!event.target.value && filters.keyword) onChange({ keyword: undefined });
        }}
        onSearch={(value) => onChange({ keyword: value.trim() || undefined })}
      />
      <Select
        className="craft-filters__material"
        showSearch={{ optionFilterProp: 'label' }}
        allowClear
        placeholder={t('craft.filters.allMaterials')}
        aria-label={t('craft.filters.material')}
        value={filters.material}
        loading={!facets}
        options={(facets?.materials ?? []).map((material) => ({ value: material, label: material }))}
        onChange={(material?: string) => onChange({ material })}
        popupMatchSelectWidth={false}
      />
      <fieldset className="craft-filters__range" aria-label={t('craft.filters.thickness')}>
        <CommittedNumber
          className="craft-filters__thickness"
          placeholder={t('craft.filters.minPlaceholder')}
          aria-label={t('craft.filters.thicknessMin')}
          value={filters.thicknessMin}
          onCommit={(thicknessMin) => onChange({ thicknessMin })}
        />
        <span className="craft-filters__dash" aria-hidden>
          –
        </span>
        <CommittedNumber
          className="craft-filters__thickness"
          placeholder={t('craft.filters.maxPlaceholder')}
          aria-label={t('craft.filters.thicknessMax')}
          value={filters.thicknessMax}
          onCommit={(thicknessMax) => onChange({ thicknessMax })}
        />
      </fieldset>
      <Select
        className="craft-filters__laser"
        allowClear
        placeholder={t('craft.filters.allLaserTypes')}
        aria-label={t('craft.filters.laserType')}
        value={filters.laserType}
        options={CRAFT_LASER_TYPES.map((type) => ({ value: type, label: t(`craft.laserType.${type}`) }))}
        onChange={(laserType?: CraftFilters['laserType']) => onChange({ laserType })}
      />
      <Select
        className="craft-filters__power"
        allowClear
        placeholder={t('craft.filters.allPowerClasses')}
        aria-label={t('craft.filters.powerClass')}
        value={filters.powerClass}
        options={(facets?.powerClasses ?? []).map((watts) => ({ value: watts, label: `${watts} W` }))}
        onChange={(powerClass?: number) => onChange({ powerClass })}
      />
      {models.length || filters.machineModel ? (
        <Select
          className="craft-filters__model"
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          placeholder={t('craft.filters.allMachineModels')}
          aria-label={t('craft.filters.machineModel')}
          value={filters.machineModel}
          options={models.map((model) => ({ value: model, label: model }))}
          onChange={(machineModel?: string) => onChange({ machineModel })}
          popupMatchSelectWidth={false}
        />
      ) : null}
      {activeFilterCount(filters) ? (
        <Button type="link" className="craft-filters__clear" onClick={onClear}>
          {t('craft.filters.clear')}
        </Button>
      ) : null}
    </search>
  );
}
