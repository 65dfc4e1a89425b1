import { Alert, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type SystemUser, type SystemUserRole, setUserRoles } from '../../../../api/system-user-api';
import { useSaving } from '../../shared/use-saving';

/** Gives a user exactly the chosen roles; the change holds from their next action. */
export function RolesDialog({
  user,
  roles,
  onClose,
  onSaved,
}: {
  user: SystemUser;
  roles: readonly SystemUserRole[];
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ roleKeys: string[] }>();
  const { busy, failure, run } = useSaving(onSaved, onClose);
  const chosen = Form.useWatch('roleKeys', form);
  const save = async () => {
    const { roleKeys } = await form.validateFields();
    await run(() => setUserRoles(user.id, roleKeys ?? []));
  };
  return (
    <Modal
      open
      title={t('sysmUser.rolesDialog.title', { name: user.loginName })}
      okText={t('sysmUser.save')}
      cancelText={t('sysmUser.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => void save().catch(() => {})}
      onCancel={busy ? undefined : onClose}
      destroyOnHidden
      className="sysm-user-dialog"
    >
      <Form
        form={form}
        layout="vertical"
        disabled={busy}
        initialValues={{ roleKeys: user.roles.map((r) => r.roleKey) }}
      >
        <Form.Item name="roleKeys" label={t('sysmUser.rolesDialog.roles')} extra={t('sysmUser.rolesDialog.hint')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={roles.map((r) => ({ value: r.roleKey, label: r.roleName }))}
          />
        </Form.Item>
      </Form>
      {chosen && chosen.length === 0 ? (
        <Alert type="warning" showIcon message={t('sysmUser.rolesDialog.noRoles')} />
      ) : null}
      {failure ? (
        <div className="sysm-user-dialog__failure" role="alert">
          {failure}
        </div>
      ) : null}
    </Modal>
  );
}
