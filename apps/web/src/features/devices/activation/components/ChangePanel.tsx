import { type DeviceCodeKind, type DeviceInfo, deviceMessages } from '@kerf/contract';
import { Alert, Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeBoard } from '../../../../api/device-api';
import { useSettings } from '../../../../stores/settings-store';
import { useCheckedSubmit } from '../hooks/use-checked-submit';
import { useFieldRules } from '../hooks/use-field-rules';
import { useScanInto } from '../hooks/use-scan-into';
import type { CodePrefill } from '../model/activation-address';
import { type BoardChangeFormValues, boardChangeOf } from '../model/activation-request';
import { ActivationOutcome } from './ActivationOutcome';
import { CodeInput } from './CodeInput';

const CODES: readonly DeviceCodeKind[] = ['machineCode', 'boardModel', 'boardSerial'];
const LABEL_KEYS = {
  machineCode: 'activation.fields.machineCode',
  boardModel: 'activation.fields.newBoardModel',
  boardSerial: 'activation.fields.newBoardSerial',
} as const satisfies Record<DeviceCodeKind, string>;
const raise = (value?: string) => value?.toUpperCase();

/**
 * /activate/change: a new motherboard takes over one of my machines (更换成功). The old board's
 * credential is revoked at once; the machine claims a new one with the new board.
 */
export function ChangePanel({ prefill, onDone }: { prefill: CodePrefill; onDone(device: DeviceInfo): void }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const rules = useFieldRules();
  const [form] = Form.useForm<BoardChangeFormValues>();
  const labelOf = (kind: DeviceCodeKind) => t(LABEL_KEYS[kind]);
  const { scan, dialog } = useScanInto(form, CODES, labelOf);
  const { submit, busy, problem, done, clearDone, clearProblem } = useCheckedSubmit(
    form,
    boardChangeOf,
    changeBoard,
    onDone,
  );

  if (done) {
    const { device } = done;
    return (
      <ActivationOutcome
        title={done.msg || deviceMessages.replaced[locale]}
        subTitle={t('activation.change.subTitle', {
          code: device.machineCode,
          board: `${device.boardModel} ${device.boardSerial}`,
        })}
        device={device}
        notes={<Alert type="warning" showIcon title={t('activation.change.revoked')} />}
        claimNote={(until) => t('activation.change.claimNote', { until })}
        claimNoteUnknown={t('activation.change.claimNoteUnknown')}
        againLabel={t('activation.change.another')}
        onAgain={() => {
          form.setFieldsValue({ machineCode: '', boardModel: '', boardSerial: '' });
          clearDone();
        }}
      />
    );
  }

  return (
    <div className="activation-panel">
      <Alert type="warning" showIcon className="activation-panel__warning" title={t('activation.change.warning')} />
      <Form<BoardChangeFormValues>
        form={form}
        layout="vertical"
        className="activation-form"
        aria-label={t('activation.route.change')}
        initialValues={{ machineCode: prefill.machineCode, boardModel: '', boardSerial: '' }}
        onFinish={(values) => void submit(values)}
        validateTrigger="onBlur"
      >
        {CODES.map((kind) => (
          <Form.Item key={kind} name={kind} label={labelOf(kind)} required rules={rules.code(kind)} normalize={raise}>
            <CodeInput
              label={labelOf(kind)}
              placeholder={t(`activation.fields.${kind}Placeholder`)}
              maxLength={kind === 'boardSerial' ? 40 : 32}
              onScan={() => scan(kind)}
            />
          </Form.Item>
        ))}
        {problem ? <Alert type="error" showIcon className="activation-problem" title={problem} /> : null}
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('activation.change.submit')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              clearProblem();
            }}
          >
            {t('activation.change.reset')}
          </Button>
        </Space>
      </Form>
      {dialog}
    </div>
  );
}
