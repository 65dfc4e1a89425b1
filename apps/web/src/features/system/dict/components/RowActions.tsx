import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { DICT_PERMISSIONS } from '@kerf/contract';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../app/access/use-can';

/**
 * A row's edit and delete buttons, each shown only to those who may (the server checks again); the
 * delete asks first. `name` labels the buttons for screen readers; `confirm` is the question.
 */
export function RowActions({
  name,
  confirm,
  removable = true,
  onEdit,
  onRemove,
}: {
  name: string;
  confirm: string;
  removable?: boolean;
  onEdit(): void;
  onRemove(): Promise<void>;
}) {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <Space size={0} onClick={(e) => e.stopPropagation()}>
      {can.permission(DICT_PERMISSIONS.edit) ? (
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          aria-label={`${t('system.dict.edit')} ${name}`}
          onClick={onEdit}
        />
      ) : null}
      {can.permission(DICT_PERMISSIONS.remove) && removable ? (
        <Popconfirm
          title={confirm}
          okText={t('system.dict.remove')}
          okButtonProps={{ danger: true }}
          cancelText={t('drive.dialog.cancel')}
          onConfirm={onRemove}
        >
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${t('system.dict.remove')} ${name}`}
          />
        </Popconfirm>
      ) : null}
    </Space>
  );
}
