import { UploadOutlined } from '@ant-design/icons';
import { NICK_NAME_MAX } from '@kerf/contract';
import { App, Button, Descriptions, Form, Input, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AccountProfile, updateNickName, uploadAvatar } from '../../api/profile-api';
import { isShownByClient, messageOf } from '../../api/request';
import { UserAvatar } from '../../app/layout/UserMenu';
import { sessionStore } from '../../stores/session-store';
import { useSettings } from '../../stores/settings-store';
import { VALIDATE_TRIGGERS } from '../auth/account-form-rules';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, formatDateTime } from './account-format';
import { useReloadProfile } from './use-account-profile';

/** Picks and uploads a new avatar; checks type and size first so a wrong file never travels. */
function AvatarUploader() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reloadProfile = useReloadProfile();
  const [uploading, setUploading] = useState(false);

  async function upload(file: File) {
    if (!AVATAR_TYPES.includes(file.type)) {
      void message.error(t('account.profile.avatarType'));
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      void message.error(t('account.profile.avatarTooLarge'));
      return;
    }
    setUploading(true);
    try {
      const { avatar, msg } = await uploadAvatar(file, file.name);
      sessionStore.updateUser({ avatar });
      void reloadProfile();
      if (msg) void message.success(msg);
    } catch (error) {
      if (!isShownByClient(error)) void message.error(messageOf(error));
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="account-avatar">
      <UserAvatar size={96} />
      <Upload
        accept={AVATAR_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading}>
          {t('account.profile.changeAvatar')}
        </Button>
      </Upload>
      <span className="account-hint">{t('account.profile.avatarHint')}</span>
    </div>
  );
}

/** Nick name and avatar, and the facts of the account. */
export function ProfileTab({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const reloadProfile = useReloadProfile();
  const [saving, setSaving] = useState(false);
  const { user } = profile;
  const notSet = <span className="account-muted">{t('account.notSet')}</span>;

  async function save({ nickName }: { nickName: string }) {
    setSaving(true);
    try {
      const msg = await updateNickName(nickName.trim());
      sessionStore.updateUser({ nickName: nickName.trim() });
      void reloadProfile();
      void message.success(msg);
    } catch (error) {
      if (!isShownByClient(error)) void message.error(messageOf(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="account-profile">
      <AvatarUploader />
      <div className="account-profile__main">
        <Form
          name="profile"
          layout="vertical"
          className="account-form"
          requiredMark={false}
          validateTrigger={VALIDATE_TRIGGERS}
          initialValues={{ nickName: user.nickName }}
          onFinish={(values) => void save(values)}
        >
          <Form.Item
            name="nickName"
            label={t('account.profile.nickName')}
            rules={[
              { required: true, whitespace: true, message: t('account.profile.nickNameRequired') },
              { max: NICK_NAME_MAX, message: t('auth.field.nickNameTooLong', { max: NICK_NAME_MAX }) },
            ]}
          >
            <Input maxLength={NICK_NAME_MAX} showCount autoComplete="nickname" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('account.profile.save')}
          </Button>
        </Form>
        <Descriptions
          className="account-facts"
          column={1}
          size="small"
          items={[
            { key: 'loginName', label: t('account.profile.loginName'), children: user.loginName },
            { key: 'mobile', label: t('account.profile.mobile'), children: user.mobile ?? notSet },
            { key: 'email', label: t('account.profile.email'), children: user.email ?? notSet },
            {
              key: 'createdAt',
              label: t('account.profile.createdAt'),
              children: formatDateTime(user.createdAt, locale),
            },
            {
              key: 'lastLoginAt',
              label: t('account.profile.lastLoginAt'),
              children: formatDateTime(user.lastLoginAt, locale) || notSet,
            },
          ]}
        />
      </div>
    </div>
  );
}
