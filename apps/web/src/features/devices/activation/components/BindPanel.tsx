import { DEVICE_LIMITS, type DeviceCodeKind, type DeviceInfo, deviceMessages } from '@kerf/contract';
import { Alert, Button, DatePicker, Form, Input, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { activateDevice } from '../../../../api/device-api';
import { useSettings } from '../../../../stores/settings-store';
import { useCheckedSubmit } from '../hooks/use-checked-submit';
import { useFieldRules } from '../hooks/use-field-rules';
import { useScanInto } from '../hooks/use-scan-into';
import type { CodePrefill } from '../model/activation-address';
import { type ActivationFormValues, activationInputOf, localDateOf } from '../model/activation-request';
import { ActivationOutcome } from './ActivationOutcome';
import { CodeInput } from './CodeInput';

const CODES: readonly DeviceCodeKind[] = ['machineCode', 'boardModel', 'boardSerial'];
const DATE_FORMAT = 'YYYY-MM-DD';
const raise = (value?: string) => value?.toUpperCase();

/**
 * /activate/bind: activates a machine and binds it to me (激活成功). The codes must match the
 * factory's record; the owner's details follow the contract's rules (a mainland mobile number). The
 * date box holds the text the server takes (YYYY-MM-DD), today unless changed.
 */
export function BindPanel({ prefill, onDone }: { prefill: CodePrefill; onDone(device: DeviceInfo): void }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const rules = useFieldRules();
  const [form] = Form.useForm<ActivationFormValues>();
  const { scan, dialog } = useScanInto(form, CODES, (kind) => t(`activation.fields.${kind}`));
  const { submit, busy, problem, done, clearDone, clearProblem } = useCheckedSubmit(
    form,
    activationInputOf,
    activateDevice,
    onDone,
  );

  if (done) {
    return (
      <ActivationOutcome
        title={done.msg || deviceMessages.activated[locale]}
        subTitle={t('activation.bind.subTitle', { code: done.device.machineCode })}
        device={done.device}
        claimNote={(until) => t('activation.bind.claimNote', { until })}
        claimNoteUnknown={t('activation.bind.claimNoteUnknown')}
        againLabel={t('activation.bind.another')}
        onAgain={() => {
          // another machine: its own codes, the owner's details kept (the same person often activates several)
          form.setFieldsValue({ machineCode: '', boardModel: '', boardSerial: '' });
          clearDone();
        }}
      />
    );
  }

  const codeItem = (kind: DeviceCodeKind, maxLength: number) => (
    <Form.Item name={kind} label={t(`activation.fields.${kind}`)} required rules={rules.code(kind)} normalize={raise}>
      <CodeInput
        label={t(`activation.fields.${kind}`)}
        placeholder={t(`activation.fields.${kind}Placeholder`)}
        maxLength={maxLength}
        onScan={() => scan(kind)}
      />
    </Form.Item>
  );

  return (
    <div className="activation-panel">
      <Form<ActivationFormValues>
        form={form}
        layout="vertical"
        className="activation-form"
        aria-label={t('activation.route.bind')}
        initialValues={{ ...prefill, activationDate: localDateOf(new Date()) }}
        onFinish={(values) => void submit(values)}
        validateTrigger="onBlur"
      >
        {codeItem('machineCode', 32)}
        {codeItem('boardModel', 32)}
        {codeItem('boardSerial', 40)}
        <Form.Item
          name="activationDate"
          label={t('activation.fields.activationDate')}
          extra={t('activation.fields.activationDateHint')}
          rules={rules.detail('activationDate')}
          validateTrigger="onChange"
          getValueProps={(value?: string | null) => ({ value: value ? dayjs(value, DATE_FORMAT) : null })}
          normalize={(value: Dayjs | null) => (value ? value.format(DATE_FORMAT) : null)}
        >
          <DatePicker
            format={DATE_FORMAT}
            className="activation-date"
            // a machine is not bought tomorrow
            disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          />
        </Form.Item>
        <Form.Item
          name="responsiblePerson"
          label={t('activation.fields.responsiblePerson')}
          required
          rules={rules.detail('responsiblePerson')}
        >
          <Input maxLength={DEVICE_LIMITS.personMax} autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="contactPhone"
          label={t('activation.fields.contactPhone')}
          required
          rules={rules.detail('contactPhone')}
        >
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={20}
            placeholder={t('activation.fields.contactPhonePlaceholder')}
          />
        </Form.Item>
        <Form.Item name="address" label={t('activation.fields.address')} rules={rules.detail('address')}>
          <Input maxLength={DEVICE_LIMITS.addressMax} autoComplete="street-address" />
        </Form.Item>
        <Form.Item name="remark" label={t('activation.fields.remark')} rules={rules.detail('remark')}>
          <Input.TextArea maxLength={DEVICE_LIMITS.remarkMax} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        {problem ? <Alert type="error" showIcon className="activation-problem" title={problem} /> : null}
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('activation.bind.submit')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              clearProblem();
            }}
          >
            {t('activation.bind.reset')}
          </Button>
        </Space>
      </Form>
      {dialog}
    </div>
  );
}
