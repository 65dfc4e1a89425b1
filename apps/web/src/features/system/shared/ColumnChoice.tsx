import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import './column-choice.css';

/** A popover of checkboxes: which of a table's columns show (antd tables have no column chooser). */
export function ColumnChoice({
  options,
  hidden,
  onChange,
}: {
  /** The columns that may be hidden, in the table's order, with their titles. */
  options: readonly { value: string; label: string }[];
  hidden: readonly string[];
  onChange(hidden: string[]): void;
}) {
  const { t } = useTranslation();
  const all = options.map((o) => o.value);
  const content = (
    <div className="sysm-columns">
      <Checkbox.Group
        value={all.filter((c) => !hidden.includes(c))}
        onChange={(shown) => onChange(all.filter((c) => !shown.includes(c)))}
        options={[...options]}
      />
      <Button type="link" size="small" disabled={!hidden.length} onClick={() => onChange([])}>
        {t('system.columns.showAll')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('system.columns.hint')} content={content}>
      <Tooltip title={t('system.columns.choose')}>
        <Button icon={<SettingOutlined />} aria-label={t('system.columns.choose')} />
      </Tooltip>
    </Popover>
  );
}
