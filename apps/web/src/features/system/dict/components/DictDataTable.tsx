import { PlusOutlined } from '@ant-design/icons';
import { DICT_PERMISSIONS, type DictData, type DictType, dictLabel } from '@kerf/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listDictData, removeDictData } from '../../../../api/dict-api';
import { messageOf } from '../../../../api/request';
import { useCan } from '../../../../app/access/use-can';
import { DictTag } from '../../../../app/dict/DictTag';
import { dictView } from '../../../../app/dict/dict-labels';
import { useSettings } from '../../../../stores/settings-store';
import { DictDataDialog } from '../dialogs/DictDataDialog';
import { RowActions } from './RowActions';

const PAGE_SIZE = 10;

/** The entries of the picked dictionary, in order, with their tags as pages show them. */
export function DictDataTable({ type }: { type: DictType | null }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message } = App.useApp();
  const client = useQueryClient();
  const can = useCan();
  const [label, setLabel] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<DictData | 'new' | null>(null);
  const dictType = type?.dictType ?? '';
  const entries = useQuery({
    queryKey: ['sysm', 'dict-data', dictType, label, page],
    queryFn: () => listDictData({ dictType, ...(label ? { label } : {}), page, limit: PAGE_SIZE }),
    enabled: !!type,
    placeholderData: keepPreviousData,
  });
  const saved = async () => {
    await entries.refetch();
    // pages reading this dictionary show the change at once
    await client.invalidateQueries({ queryKey: ['dict', dictType] });
  };
  const remove = async (entry: DictData) => {
    try {
      void message.success(await removeDictData(entry.id));
      await saved();
    } catch (error) {
      void message.error(messageOf(error));
    }
  };

  if (!type) {
    return (
      <Card size="small" title={t('system.dict.entries')} className="dict-page__entries">
        <Empty description={t('system.dict.pickType')} />
      </Card>
    );
  }
  const list = entries.data?.list ?? [];
  return (
    <Card
      size="small"
      title={t('system.dict.entriesOf', { name: dictLabel({ labelCn: type.nameCn, labelEn: type.nameEn }, locale) })}
      className="dict-page__entries"
      extra={
        can.permission(DICT_PERMISSIONS.add) ? (
          <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('system.dict.add')}
          </Button>
        ) : null
      }
    >
      <Input.Search
        allowClear
        placeholder={t('system.dict.searchLabel')}
        aria-label={t('system.dict.searchLabel')}
        onSearch={(value) => {
          setPage(1);
          setLabel(value.trim());
        }}
        className="dict-page__search"
      />
      <Table<DictData>
        rowKey="id"
        size="small"
        loading={entries.isFetching}
        dataSource={list}
        locale={{ emptyText: t('system.dict.none') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: entries.data?.total ?? 0,
          onChange: setPage,
          size: 'small',
        }}
        columns={[
          {
            key: 'tag',
            title: t('system.dict.preview'),
            render: (_, e) => <DictTag view={dictView([e], e.value, locale)} />,
          },
          { key: 'labelCn', title: t('system.dict.labelCn'), dataIndex: 'labelCn' },
          { key: 'labelEn', title: t('system.dict.labelEn'), dataIndex: 'labelEn' },
          { key: 'value', title: t('system.dict.value'), dataIndex: 'value', className: 'dict-page__mono' },
          { key: 'sort', title: t('system.dict.sort'), dataIndex: 'sort', width: 64 },
          {
            key: 'status',
            title: t('system.dict.status'),
            render: (_, e) => (
              <Tag color={e.status === '0' ? 'green' : 'red'}>{t(`system.dict.statuses.${e.status}`)}</Tag>
            ),
          },
          {
            key: 'actions',
            title: t('system.dict.actions'),
            width: 96,
            render: (_, entry) => (
              <RowActions
                name={entry.value}
                confirm={t('system.dict.confirmRemoveData', { name: dictLabel(entry, locale) })}
                onEdit={() => setEditing(entry)}
                onRemove={() => remove(entry)}
              />
            ),
          },
        ]}
      />
      {editing ? (
        <DictDataDialog
          dictType={dictType}
          entry={editing === 'new' ? undefined : editing}
          shown={list}
          onClose={() => setEditing(null)}
          onSaved={() => void saved()}
        />
      ) : null}
    </Card>
  );
}
