import { PlusOutlined } from '@ant-design/icons';
import { DICT_PERMISSIONS, type DictType, dictLabel } from '@kerf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listDictTypes, removeDictType } from '../../../../api/dict-api';
import { messageOf } from '../../../../api/request';
import { useCan } from '../../../../app/access/use-can';
import { useSettings } from '../../../../stores/settings-store';
import { DictTypeDialog } from '../dialogs/DictTypeDialog';
import { RowActions } from './RowActions';

const PAGE_SIZE = 10;

/** The dictionaries: search, pick one (its entries show beside), add, edit, delete. */
export function DictTypeTable({ picked, onPick }: { picked: DictType | null; onPick(type: DictType | null): void }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message } = App.useApp();
  const can = useCan();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<DictType | 'new' | null>(null);
  const types = useQuery({
    queryKey: ['sysm', 'dict-types', keyword, page],
    queryFn: () => listDictTypes({ ...(keyword ? { keyword } : {}), page, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const name = (type: DictType) => dictLabel({ labelCn: type.nameCn, labelEn: type.nameEn }, locale);

  const remove = async (type: DictType) => {
    try {
      void message.success(await removeDictType(type.id));
      if (picked?.id === type.id) onPick(null);
      await types.refetch();
    } catch (error) {
      void message.error(messageOf(error));
    }
  };

  return (
    <Card
      title={t('system.dict.types')}
      size="small"
      className="dict-page__types"
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
        placeholder={t('system.dict.search')}
        aria-label={t('system.dict.search')}
        onSearch={(value) => {
          setPage(1);
          setKeyword(value.trim());
        }}
        className="dict-page__search"
      />
      {types.isError ? (
        // a refusal (当前操作没有权限) says so rather than showing an empty list
        <Alert type="error" showIcon message={messageOf(types.error)} className="dict-page__refused" />
      ) : null}
      <Table<DictType>
        rowKey="id"
        size="small"
        loading={types.isFetching}
        dataSource={types.data?.list ?? []}
        locale={{ emptyText: t('system.dict.none') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: types.data?.total ?? 0,
          onChange: setPage,
          size: 'small',
        }}
        rowClassName={(type) => (type.id === picked?.id ? 'dict-page__picked' : '')}
        onRow={(type) => ({ onClick: () => onPick(type) })}
        columns={[
          {
            key: 'name',
            title: t('system.dict.name'),
            render: (_, type) => (
              <Space size={4} wrap>
                <Button type="link" size="small" className="dict-page__type-name" onClick={() => onPick(type)}>
                  {name(type)}
                </Button>
                {type.builtin ? <Tag bordered={false}>{t('system.dict.builtin')}</Tag> : null}
                {type.status === '1' ? <Tag color="red">{t('system.dict.statuses.1')}</Tag> : null}
              </Space>
            ),
          },
          { key: 'type', title: t('system.dict.dictType'), dataIndex: 'dictType', className: 'dict-page__mono' },
          {
            key: 'actions',
            title: t('system.dict.actions'),
            width: 96,
            render: (_, type) => (
              <RowActions
                name={type.dictType}
                confirm={t('system.dict.confirmRemoveType', { name: name(type) })}
                removable={!type.builtin}
                onEdit={() => setEditing(type)}
                onRemove={() => remove(type)}
              />
            ),
          },
        ]}
      />
      {editing ? (
        <DictTypeDialog
          type={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => void types.refetch()}
        />
      ) : null}
    </Card>
  );
}
