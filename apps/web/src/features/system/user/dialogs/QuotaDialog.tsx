import { Alert, Form, InputNumber, Modal, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { type SystemUser, setUserQuota } from '../../../../api/system-user-api';
import { formatSize } from '../../../drive/model/format';
import { useSaving } from '../../shared/use-saving';
import { QUOTA_UNITS, type QuotaUnit, quotaBytesOf, quotaInUnits } from '../model/user-model';

/**
 * Sets a user's drive quota in GiB or MiB. A quota below what they store is allowed after a warning:
 * nothing is deleted, but their uploads are refused until they are under it.
 */
export function QuotaDialog({ user, onClose, onSaved }: { user: SystemUser; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ amount: number | null; unit: QuotaUnit }>();
  const { busy, failure, run } = useSaving(onSaved, onClose);
  const amount = Form.useWatch('amount', form);
  const unit = Form.useWatch('unit', form) ?? 'GiB';
  const bytes = typeof amount === 'number' ? quotaBytesOf(amount, unit) : null;
  const save = async () => {
    const values = await form.validateFields();
    await run(() => setUserQuota(user.id, quotaBytesOf(values.amount ?? 0, values.unit)));
  };
  const used = formatSize(user.usedBytes);
  return (
    <Modal
      open
      title={t('sysmUser.quotaDialog.title', { name: user.loginName })}
      okText={t('sysmUser.save')}
      cancelText={t('sysmUser.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => void save().catch(() => {})}
      onCancel={busy ? undefined : onClose}
      destroyOnHidden
      className="sysm-user-dialog"
    >
      <p className="sysm-user-dialog__hint">
        {t('sysmUser.quotaDialog.used', { used, quota: formatSize(user.quotaBytes) })}
      </p>
      <Form
        form={form}
        layout="vertical"
        disabled={busy}
        initialValues={(() => {
          const { amount: a, unit: u } = quotaInUnits(user.quotaBytes);
          return { amount: a, unit: u };
        })()}
      >
        <Form.Item label={t('sysmUser.quotaDialog.quota')} required>
          <Space.Compact>
            <Form.Item
              name="amount"
              noStyle
              rules={[
                { required: true, message: t('sysmUser.dialog.required', { field: t('sysmUser.quotaDialog.quota') }) },
              ]}
            >
              <InputNumber
                min={0}
                max={1_000_000}
                className="sysm-user-dialog__amount"
                aria-label={t('sysmUser.quotaDialog.quota')}
              />
            </Form.Item>
            <Form.Item name="unit" noStyle>
              <Select
                className="sysm-user-dialog__unit"
                aria-label={t('sysmUser.dialog.quotaUnit')}
                options={Object.keys(QUOTA_UNITS).map((u) => ({ value: u, label: u }))}
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      </Form>
      {bytes !== null && bytes < user.usedBytes ? (
        <Alert type="warning" showIcon message={t('sysmUser.quotaDialog.belowUsed', { used })} />
      ) : null}
      {failure ? (
        <div className="sysm-user-dialog__failure" role="alert">
          {failure}
        </div>
      ) : null}
    </Modal>
  );
}
