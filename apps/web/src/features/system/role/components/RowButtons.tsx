import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A row's edit and delete buttons (each shown only to those who may; the server checks again); the
 * delete asks first. `name` labels the buttons for screen readers; `confirm` is the question.
 */
export function RowButtons({
  name,
  confirm,
  canEdit,
  canRemove,
  onEdit,
  onRemove,
  before,
}: {
  name: string;
  confirm: string;
  canEdit: boolean;
  canRemove: boolean;
  onEdit(): void;
  onRemove(): Promise<void>;
  /** Another action first (the menu tree's "add below"). */
  before?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Space size={0} onClick={(e) => e.stopPropagation()}>
      {before}
      {canEdit ? (
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          aria-label={`${t('sysmRole.common.edit')} ${name}`}
          title={t('sysmRole.common.edit')}
          onClick={onEdit}
        />
      ) : null}
      {canRemove ? (
        <Popconfirm
          title={confirm}
          okText={t('sysmRole.common.remove')}
          okButtonProps={{ danger: true }}
          cancelText={t('sysmRole.common.cancel')}
          onConfirm={onRemove}
        >
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${t('sysmRole.common.remove')} ${name}`}
            title={t('sysmRole.common.remove')}
          />
        </Popconfirm>
      ) : null}
    </Space>
  );
}
