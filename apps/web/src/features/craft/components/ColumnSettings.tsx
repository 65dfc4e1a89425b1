import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { CRAFT_COLUMNS, type CraftColumn, DEFAULT_CRAFT_COLUMNS } from '../model/craft-columns';

/** Which optional columns the table shows; the choice is kept in this browser. */
export function ColumnSettings({
  columns,
  onChange,
}: {
  columns: readonly CraftColumn[];
  onChange(columns: CraftColumn[]): void;
}) {
  const { t } = useTranslation();
  const content = (
    <div className="craft-columns-panel">
      <Checkbox.Group
        className="craft-columns-panel__list"
        value={[...columns]}
        onChange={(values) => onChange(values as CraftColumn[])}
        options={CRAFT_COLUMNS.map((column) => ({ value: column, label: t(`craft.columns.${column}`) }))}
      />
      <Button
        type="link"
        size="small"
        className="craft-columns-panel__reset"
        onClick={() => onChange([...DEFAULT_CRAFT_COLUMNS])}
      >
        {t('craft.columns.reset')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('craft.columns.settingsTitle')} content={content}>
      <Tooltip title={t('craft.columns.settings')}>
        <Button type="text" icon={<SettingOutlined />} aria-label={t('craft.columns.settings')} />
      </Tooltip>
    </Popover>
  );
}
