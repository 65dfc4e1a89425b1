import { accountMessages, PASSWORD_PATTERN } from '@kerf/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { resetUserPassword, type SystemUser } from '../../../../api/system-user-api';
import { useSettings } from '../../../../stores/settings-store';
import { useSaving } from '../../shared/use-saving';

/** Sets a new password for a user, with the rules (SPEC §5) shown; their sessions end. */
export function PasswordDialog({ user, onClose }: { user: SystemUser; onClose(): void }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const [form] = Form.useForm<{ password: string }>();
  const { busy, failure, run } = useSaving(() => {}, onClose);
  const save = async () => {
    const { password } = await form.validateFields();
    await run(() => resetUserPassword(user.id, password));
  };
  return (
    <Modal
      open
      title={t('sysmUser.passwordDialog.title', { name: user.loginName })}
      okText={t('sysmUser.save')}
      cancelText={t('sysmUser.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => void save().catch(() => {})}
      onCancel={busy ? undefined : onClose}
      destroyOnHidden
      className="sysm-user-dialog"
    >
      <Alert type="info" showIcon className="sysm-user-dialog__note" message={t('sysmUser.passwordDialog.rules')} />
      <Form form={form} layout="vertical" disabled={busy} onFinish={() => void save().catch(() => {})}>
        <Form.Item
          name="password"
          label={t('sysmUser.passwordDialog.password')}
          extra={t('sysmUser.passwordDialog.effect')}
          rules={[
            {
              required: true,
              message: t('sysmUser.dialog.required', { field: t('sysmUser.passwordDialog.password') }),
            },
            { pattern: PASSWORD_PATTERN, message: accountMessages.passwordFormat[locale] },
          ]}
        >
          <Input.Password maxLength={18} autoComplete="new-password" />
        </Form.Item>
      </Form>
      {failure ? (
        <div className="sysm-user-dialog__failure" role="alert">
          {failure}
        </div>
      ) : null}
    </Modal>
  );
}
