import { DEVICE_RUNTIME_STATES, type DeviceRuntimeState } from '@kerf/contract';
import { Button, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activeFilterCount, DEVICE_FILTER_LIMITS, type DeviceListFilters } from '../model/device-list-view';

export interface DeviceFilterBarProps {
  filters: DeviceListFilters;
  /** The models among the machines in scope (the list answer's `models`). */
  models: readonly string[];
  onChange(patch: Partial<DeviceListFilters>): void;
  onClear(): void;
}

/** Words (name or machine code), state and model; all kept in the address. */
export function DeviceFilterBar({ filters, models, onChange, onClear }: DeviceFilterBarProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  useEffect(() => setKeyword(filters.keyword ?? ''), [filters.keyword]);
  // a model picked from a bookmark may not be among this scope's models: still show it as chosen
  const modelOptions = [...new Set([...models, ...(filters.model ? [filters.model] : [])])];

  return (
    <search className="device-filters" aria-label={t('devices.list.filters.label')}>
      <Input.Search
        className="device-filters__keyword"
        placeholder={t('devices.list.filters.keyword')}
        aria-label={t('devices.list.filters.keyword')}
        allowClear
        value={keyword}
        maxLength={DEVICE_FILTER_LIMITS.keywordMax}
        onChange={(event) => {
          setKeyword(event.target.value);
          // the clear button empties the box: the search ends with it
          if (!event.target.value && filters.keyword) onChange({ keyword: undefined });
        }}
        onSearch={(value) => onChange({ keyword: value.trim() || undefined })}
      />
      <Select
        className="device-filters__state"
        allowClear
        placeholder={t('devices.list.filters.allStates')}
        aria-label={t('devices.list.filters.state')}
        value={filters.state}
        options={DEVICE_RUNTIME_STATES.map((state) => ({ value: state, label: t(`devices.state.${state}`) }))}
        onChange={(state?: DeviceRuntimeState) => onChange({ state })}
      />
      <Select
        className="device-filters__model"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('devices.list.filters.allModels')}
        aria-label={t('devices.list.filters.model')}
        value={filters.model}
        options={modelOptions.map((model) => ({ value: model, label: model }))}
        onChange={(model?: string) => onChange({ model })}
        popupMatchSelectWidth={false}
      />
      {activeFilterCount(filters) > 0 ? (
        <Button type="link" onClick={onClear}>
          {t('devices.list.filters.clear')}
        </Button>
      ) : null}
    </search>
  );
}
