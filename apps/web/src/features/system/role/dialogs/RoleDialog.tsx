import { ROLE_LIMITS, ROLE_STATUSES, type Role, type RoleInput } from '@kerf/contract';
import { Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveRole } from '../../../../api/system-role-api';
import { useSettings } from '../../../../stores/settings-store';
import { trimmed } from '../../shared/trimmed';
import { useSaving } from '../../shared/use-saving';
import { PermissionTree } from '../components/PermissionTree';
import { badGrant, roleFormOf, roleKeyProblem } from '../model/role-forms';

/** Adds a role or changes one: name, key, order, state, remark and the permissions picked from the menu tree. */
export function RoleDialog({
  role,
  shown,
  onClose,
  onSaved,
}: {
  role?: Role;
  /** The roles on screen: a new one goes after them. */
  shown: readonly Role[];
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const [form] = Form.useForm<RoleInput>();
  const { busy, failure, run } = useSaving(onSaved, onClose);
  const required = (field: 'roleName' | 'roleKey') => ({
    required: true,
    whitespace: true,
    message: t('sysmRole.common.required', { field: t(`sysmRole.role.${field}`) }),
  });

  const save = async () => {
    const values = trimmed(await form.validateFields());
    await run(() => saveRole({ ...values, id: role?.id }));
  };

  return (
    <Modal
      open
      width={760}
      title={t(role ? 'sysmRole.role.editRole' : 'sysmRole.role.addRole')}
      okText={t('sysmRole.common.save')}
      cancelText={t('sysmRole.common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => void save().catch(() => {})}
      onCancel={busy ? undefined : onClose}
      destroyOnHidden
      className="role-dialog"
    >
      <Form form={form} name="role-dialog" layout="vertical" initialValues={roleFormOf(role, shown)} disabled={busy}>
        <div className="role-dialog__row">
          <Form.Item name="roleName" label={t('sysmRole.role.roleName')} rules={[required('roleName')]}>
            <Input maxLength={ROLE_LIMITS.nameMax} />
          </Form.Item>
          <Form.Item
            name="roleKey"
            label={t('sysmRole.role.roleKey')}
            extra={role?.builtin ? t('sysmRole.role.builtinKeyHint') : t('sysmRole.role.keyHint')}
            rules={[
              required('roleKey'),
              {
                validator: async (_, value: string) => {
                  const problem = value ? roleKeyProblem(value, locale) : null;
                  if (problem) throw new Error(problem);
                },
              },
            ]}
          >
            <Input maxLength={ROLE_LIMITS.keyMax} autoComplete="off" disabled={role?.builtin} />
          </Form.Item>
        </div>
        <div className="role-dialog__row">
          <Form.Item name="orderNum" label={t('sysmRole.common.orderNum')}>
            <InputNumber min={0} max={1_000_000} precision={0} />
          </Form.Item>
          <Form.Item name="status" label={t('sysmRole.common.status')}>
            <Radio.Group
              options={ROLE_STATUSES.map((status) => ({ value: status, label: t(`sysmRole.role.statuses.${status}`) }))}
            />
          </Form.Item>
        </div>
        <Form.Item
          name="permissions"
          label={t('sysmRole.role.permissions')}
          extra={t('sysmRole.role.treeHint')}
          rules={[
            {
              validator: async (_, grants: string[] | undefined) => {
                const bad = badGrant(grants ?? []);
                if (bad !== null) throw new Error(t('sysmRole.role.badPermission', { value: bad }));
              },
            },
          ]}
        >
          <PermissionTree />
        </Form.Item>
        <Form.Item name="remark" label={t('sysmRole.common.remark')}>
          <Input.TextArea maxLength={ROLE_LIMITS.remarkMax} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
      {failure ? (
        <div className="role-dialog__failure" role="alert">
          {failure}
        </div>
      ) : null}
    </Modal>
  );
}
