import { accountMessages, NICK_NAME_MAX, PASSWORD_PATTERN } from '@kerf/contract';
import { Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { addUser, changeUser, type SystemUser, type SystemUserRole } from '../../../../api/system-user-api';
import { useSettings } from '../../../../stores/settings-store';
import { trimmed } from '../../shared/trimmed';
import { useSaving } from '../../shared/use-saving';
import {
  contactProblem,
  contactsMissing,
  loginNameProblem,
  QUOTA_UNITS,
  type QuotaUnit,
  quotaBytesOf,
} from '../model/user-model';

type UserForm = {
  loginName: string;
  nickName: string;
  mobile?: string;
  email?: string;
  password?: string;
  roleKeys?: string[];
  quotaAmount?: number | null;
  quotaUnit?: QuotaUnit;
};

/**
 * Adds a user (login name, nick name, mobile and/or e-mail, initial password, roles, quota) or changes
 * one's nick name and contacts. The form checks what it can with the server's rules and words; the
 * server has the last word (a taken account comes back under the form).
 */
export function UserDialog({
  user,
  roles,
  onClose,
  onSaved,
}: {
  user?: SystemUser;
  roles: readonly SystemUserRole[];
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const [form] = Form.useForm<UserForm>();
  const { busy, failure, run } = useSaving(onSaved, onClose);
  const required = (field: 'loginName' | 'nickName' | 'password'): Rule => ({
    required: true,
    whitespace: true,
    message: t('sysmUser.dialog.required', { field: t(`sysmUser.dialog.${field}`) }),
  });
  const check = (problem: (value: string) => string | null): Rule => ({
    validator: async (_, value: string | undefined) => {
      const words = problem(value ?? '');
      if (words) throw new Error(words);
    },
  });
  const contactRule = (kind: 'mobile' | 'email'): Rule[] => [
    check((value) => contactProblem(kind, value, locale)),
    ({ getFieldValue }) => ({
      validator: async () => {
        const words = contactsMissing(getFieldValue('mobile'), getFieldValue('email'), locale);
        if (words && (user ? user.mobile || user.email : true)) throw new Error(words);
      },
    }),
  ];

  const save = async () => {
    const values = trimmed(await form.validateFields());
    const contacts = { mobile: values.mobile || null, email: values.email || null };
    if (user) {
      await run(() => changeUser({ userId: user.id, nickName: values.nickName, ...contacts }));
      return;
    }
    await run(() =>
      addUser({
        loginName: values.loginName,
        nickName: values.nickName,
        ...contacts,
        password: values.password ?? '',
        roleKeys: values.roleKeys ?? [],
        ...(values.quotaAmount != null
          ? { quotaBytes: quotaBytesOf(values.quotaAmount, values.quotaUnit ?? 'GiB') }
          : {}),
      }),
    );
  };

  return (
    <Modal
      open
      title={user ? t('sysmUser.dialog.editTitle', { name: user.loginName }) : t('sysmUser.dialog.addTitle')}
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
        initialValues={{
          loginName: user?.loginName ?? '',
          nickName: user?.nickName ?? '',
          mobile: user?.mobile ?? '',
          email: user?.email ?? '',
          roleKeys: ['user'],
          quotaUnit: 'GiB',
        }}
      >
        <Form.Item
          name="loginName"
          label={t('sysmUser.dialog.loginName')}
          extra={user ? undefined : t('sysmUser.dialog.loginNameHint')}
          rules={user ? [] : [required('loginName'), check((v) => loginNameProblem(v, locale))]}
        >
          <Input disabled={Boolean(user)} maxLength={30} autoComplete="off" />
        </Form.Item>
        <Form.Item name="nickName" label={t('sysmUser.dialog.nickName')} rules={[required('nickName')]}>
          <Input maxLength={NICK_NAME_MAX} autoComplete="off" />
        </Form.Item>
        <div className="sysm-user-dialog__pair">
          <Form.Item
            name="mobile"
            label={t('sysmUser.dialog.mobile')}
            dependencies={['email']}
            rules={contactRule('mobile')}
          >
            <Input maxLength={20} autoComplete="off" inputMode="tel" />
          </Form.Item>
          <Form.Item
            name="email"
            label={t('sysmUser.dialog.email')}
            dependencies={['mobile']}
            rules={contactRule('email')}
          >
            <Input maxLength={254} autoComplete="off" inputMode="email" />
          </Form.Item>
        </div>
        <div className="sysm-user-dialog__hint">{t('sysmUser.dialog.contactHint')}</div>
        {user ? null : (
          <>
            <Form.Item
              name="password"
              label={t('sysmUser.dialog.password')}
              extra={t('sysmUser.passwordDialog.rules')}
              rules={[
                required('password'),
                { pattern: PASSWORD_PATTERN, message: accountMessages.passwordFormat[locale] },
              ]}
            >
              <Input.Password maxLength={18} autoComplete="new-password" />
            </Form.Item>
            <Form.Item name="roleKeys" label={t('sysmUser.dialog.roles')}>
              <Select
                mode="multiple"
                optionFilterProp="label"
                options={roles.map((r) => ({ value: r.roleKey, label: r.roleName }))}
              />
            </Form.Item>
            <Form.Item label={t('sysmUser.dialog.quota')} extra={t('sysmUser.dialog.quotaDefault')}>
              <Space.Compact>
                <Form.Item name="quotaAmount" noStyle>
                  <InputNumber
                    min={0}
                    max={1_000_000}
                    className="sysm-user-dialog__amount"
                    aria-label={t('sysmUser.dialog.quota')}
                  />
                </Form.Item>
                <Form.Item name="quotaUnit" noStyle>
                  <Select
                    className="sysm-user-dialog__unit"
                    aria-label={t('sysmUser.dialog.quotaUnit')}
                    options={Object.keys(QUOTA_UNITS).map((u) => ({ value: u, label: u }))}
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </>
        )}
      </Form>
      {failure ? (
        <div className="sysm-user-dialog__failure" role="alert">
          {failure}
        </div>
      ) : null}
    </Modal>
  );
}
