import { type DeviceCodeKind, type DeviceInfo, deviceMessages } from '@kerf/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Radio, Space } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeviceCodes, queryDevice } from '../../../../api/device-api';
import { isShownByClient, messageOf, RequestError } from '../../../../api/request';
import { LinkButton } from '../../../../app/components/LinkButton';
import { useSettings } from '../../../../stores/settings-store';
import { useFieldRules } from '../hooks/use-field-rules';
import { useScanInto } from '../hooks/use-scan-into';
import {
  activationAddressOf,
  type CodePrefill,
  deviceDetailAddress,
  nextStepsOf,
  tabAddress,
} from '../model/activation-address';
import { type QueryFormValues, type QueryMode, queryCodesOf } from '../model/activation-request';
import { CodeInput } from './CodeInput';
import { DeviceFacts } from './DeviceFacts';

const EVERY_CODE: readonly DeviceCodeKind[] = ['machineCode', 'boardModel', 'boardSerial'];
const modeOf = (field: DeviceCodeKind): QueryMode => (field === 'machineCode' ? 'machine' : 'board');

/**
 * /activate/query: find a machine by its machine code, or by its motherboard model and serial, and
 * see what the register holds. A machine nobody holds leads on to its activation, codes filled in.
 * A label's link (`?code=`) with a machine code that reads is looked up at once.
 */
export function QueryPanel({ prefill, onFound }: { prefill: CodePrefill; onFound(device: DeviceInfo): void }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const rules = useFieldRules();
  const [form] = Form.useForm<QueryFormValues>();
  const mode = Form.useWatch('mode', form) ?? 'machine';
  // a label of either kind is welcome: a machine code read in board mode switches to machine mode
  const { scan, dialog } = useScanInto(
    form,
    EVERY_CODE,
    (kind) => t(`activation.fields.${kind}`),
    (field) => form.setFieldValue('mode', modeOf(field)),
  );

  const lookup = useMutation({
    mutationFn: (codes: DeviceCodes) => queryDevice(codes),
    onSuccess: onFound,
  });

  const run = (values: QueryFormValues) => {
    const check = queryCodesOf(values, locale);
    if (check.ok) lookup.mutate(check.value);
    else form.setFields(check.problems.map(({ field, message }) => ({ name: field, errors: [message] })));
  };

  // a label's link: look the machine up straight away, once
  const autoRan = useRef(false);
  useEffect(() => {
    if (autoRan.current) return;
    autoRan.current = true;
    const check = queryCodesOf({ mode: 'machine', ...prefill }, locale);
    if (check.ok) lookup.mutate(check.value);
  }, [prefill, locale, lookup.mutate]);

  return (
    <div className="activation-panel">
      <Form<QueryFormValues>
        form={form}
        layout="vertical"
        className="activation-form"
        aria-label={t('activation.route.query')}
        initialValues={{ mode: 'machine', ...prefill }}
        onFinish={run}
        validateTrigger="onBlur"
      >
        <Form.Item name="mode" label={t('activation.query.by')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'machine', label: t('activation.query.byMachine') },
              { value: 'board', label: t('activation.query.byBoard') },
            ]}
          />
        </Form.Item>
        {mode === 'board' ? (
          <>
            <Form.Item
              name="boardModel"
              label={t('activation.fields.boardModel')}
              required
              rules={rules.code('boardModel')}
              normalize={(value?: string) => value?.toUpperCase()}
            >
              <CodeInput
                label={t('activation.fields.boardModel')}
                placeholder={t('activation.fields.boardModelPlaceholder')}
                maxLength={32}
                onScan={() => scan('boardModel')}
              />
            </Form.Item>
            <Form.Item
              name="boardSerial"
              label={t('activation.fields.boardSerial')}
              required
              rules={rules.code('boardSerial')}
              normalize={(value?: string) => value?.toUpperCase()}
            >
              <CodeInput
                label={t('activation.fields.boardSerial')}
                placeholder={t('activation.fields.boardSerialPlaceholder')}
                maxLength={40}
                onScan={() => scan('boardSerial')}
              />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="machineCode"
            label={t('activation.fields.machineCode')}
            required
            rules={rules.code('machineCode')}
            normalize={(value?: string) => value?.toUpperCase()}
          >
            <CodeInput
              label={t('activation.fields.machineCode')}
              placeholder={t('activation.fields.machineCodePlaceholder')}
              maxLength={32}
              onScan={() => scan('machineCode')}
            />
          </Form.Item>
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={lookup.isPending}>
            {t('activation.query.submit')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              lookup.reset();
            }}
          >
            {t('activation.query.reset')}
          </Button>
        </Space>
      </Form>
      <section className="activation-result" aria-live="polite" aria-busy={lookup.isPending}>
        {lookup.isSuccess ? <FoundDevice device={lookup.data} /> : null}
        {lookup.isError ? <QueryFailure error={lookup.error} /> : null}
      </section>
      {dialog}
    </div>
  );
}

function FoundDevice({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation();
  const steps = nextStepsOf(device);
  const actions = steps.length ? (
    <Space wrap>
      {steps.includes('activate') ? (
        <LinkButton type="primary" to={activationAddressOf(device)}>
          {t('activation.query.activate')}
        </LinkButton>
      ) : null}
      {steps.includes('detail') ? (
        <LinkButton to={deviceDetailAddress(device.id)}>{t('activation.query.detail')}</LinkButton>
      ) : null}
      {steps.includes('change') ? (
        <LinkButton to={tabAddress('change', { machineCode: device.machineCode })}>
          {t('activation.query.change')}
        </LinkButton>
      ) : null}
    </Space>
  ) : device.binding === 'other' ? (
    <span className="activation-facts__note">{t('activation.query.otherOwner')}</span>
  ) : null;
  return <DeviceFacts device={device} actions={actions} />;
}

/** 未查询到相关信息! as an empty result; any other refusal the client has not toasted, as an alert. */
function QueryFailure({ error }: { error: Error }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  if (error instanceof RequestError && error.kind === 'business' && error.code === 404) {
    return (
      <Empty
        className="activation-not-found"
        description={
          <>
            <div className="activation-not-found__title">{error.serverMessage || deviceMessages.notFound[locale]}</div>
            <div className="activation-not-found__hint">{t('activation.query.notFoundHint')}</div>
          </>
        }
      />
    );
  }
  if (isShownByClient(error)) return null;
  return <Alert type="error" showIcon title={messageOf(error)} />;
}
