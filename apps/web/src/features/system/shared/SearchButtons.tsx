import { ClearOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The search form's submit and reset, as every /sysm table has them. */
export function SearchButtons({ onReset }: { onReset(): void }) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button type="primary" htmlType="submit">
        {t('system.common.search')}
      </Button>
      <Button onClick={onReset}>{t('system.common.reset')}</Button>
    </Space>
  );
}

/** An export of what the search found, offered as an .xlsx workbook or a .csv file (plain links). */
export function ExportButton({ hrefOf }: { hrefOf(format: 'xlsx' | 'csv'): string }) {
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'xlsx', label: <a href={hrefOf('xlsx')}>{t('system.common.exportXlsx')}</a> },
          { key: 'csv', label: <a href={hrefOf('csv')}>{t('system.common.exportCsv')}</a> },
        ],
      }}
    >
      <Button icon={<DownloadOutlined />}>{t('system.common.export')}</Button>
    </Dropdown>
  );
}

/** Empties a whole log after a confirmation that says what goes. */
export function CleanButton({ confirm, onConfirm }: { confirm: string; onConfirm(): void }) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={confirm}
      okText={t('system.common.clean')}
      okButtonProps={{ danger: true }}
      cancelText={t('system.common.cancel')}
      onConfirm={onConfirm}
    >
      <Button danger icon={<ClearOutlined />}>
        {t('system.common.clean')}
      </Button>
    </Popconfirm>
  );
}
