import { UndoOutlined } from '@ant-design/icons';
import type { Locale, PluginParameter } from '@kerf/contract';
import { Button, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ParamInputs, type ParamProblem, visibleParameters } from '../model/param-inputs';
import './params-form.css';

export interface PluginParamsFormProps {
  parameters: readonly PluginParameter[];
  inputs: ParamInputs;
  problems: Readonly<Record<string, ParamProblem>>;
  locale: Locale;
  onChange(key: string, value: ParamInputs[string]): void;
  onReset(): void;
  /** The reset button is of use (a field differs from its default). */
  changed: boolean;
}

export const paramFieldId = (key: string) => `plugin-param-${key}`;

/**
 * A plugin's parameters as a form, generated from its manifest: numbers with their unit, whole
 * numbers, switches, choices and text; help behind the label's question mark; a field's problem under
 * it. The fields keep what is typed; the page decides when a run may use them.
 */
export function PluginParamsForm({
  parameters,
  inputs,
  problems,
  locale,
  onChange,
  onReset,
  changed,
}: PluginParamsFormProps) {
  const { t } = useTranslation();
  const shown = visibleParameters(parameters, inputs);
  const problemText = (p: PluginParameter, problem: ParamProblem) => {
    const unit = 'unit' in p && p.unit ? ` ${p.unit}` : '';
    switch (problem.kind) {
      case 'belowMin':
        return t('plugin-run.params.belowMin', { min: `${problem.min}${unit}` });
      case 'aboveMax':
        return t('plugin-run.params.aboveMax', { max: `${problem.max}${unit}` });
      case 'tooLong':
        return t('plugin-run.params.tooLong', { maxLength: problem.maxLength });
      default:
        return t(`plugin-run.params.${problem.kind}`);
    }
  };

  const field = (p: PluginParameter) => {
    const id = paramFieldId(p.key);
    const label = p.label[locale];
    const value = inputs[p.key];
    switch (p.type) {
      case 'number':
      case 'integer':
        return (
          <InputNumber<number>
            id={id}
            value={typeof value === 'number' ? value : null}
            onChange={(v) => onChange(p.key, typeof v === 'number' ? v : null)}
            step={p.type === 'number' ? (p.step ?? 1) : 1}
            precision={p.type === 'integer' ? 0 : undefined}
            suffix={p.unit || undefined}
            changeOnWheel={false}
            style={{ width: '100%' }}
          />
        );
      case 'boolean':
        return (
          <Switch
            id={id}
            aria-label={label}
            checked={value === true}
            onChange={(checked) => onChange(p.key, checked)}
          />
        );
      case 'select':
        return (
          <Select<string>
            id={id}
            value={typeof value === 'string' ? value : undefined}
            onChange={(v) => onChange(p.key, v)}
            options={p.options.map((o) => ({ value: o.value, label: o.label[locale] }))}
            popupMatchSelectWidth={false}
          />
        );
      case 'text':
        return p.multiline ? (
          <Input.TextArea
            id={id}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(p.key, e.target.value)}
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={p.maxLength}
            showCount={p.maxLength <= 500}
          />
        ) : (
          <Input
            id={id}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(p.key, e.target.value)}
            maxLength={p.maxLength}
          />
        );
    }
  };

  return (
    <div className="plugin-params">
      <div className="plugin-params__head">
        <span className="plugin-params__title">{t('plugin-run.params.title')}</span>
        <Button size="small" type="text" icon={<UndoOutlined />} disabled={!changed} onClick={onReset}>
          {t('plugin-run.params.reset')}
        </Button>
      </div>
      {parameters.length === 0 ? <div className="plugin-params__none">{t('plugin-run.params.none')}</div> : null}
      <Form layout="vertical" className="plugin-params__fields" component="div" requiredMark={false}>
        {shown.map((p) => {
          const problem = problems[p.key];
          const wide = p.type === 'text';
          return (
            <Form.Item
              key={p.key}
              label={p.label[locale]}
              htmlFor={paramFieldId(p.key)}
              tooltip={p.help ? p.help[locale] : undefined}
              validateStatus={problem ? 'error' : undefined}
              help={problem ? problemText(p, problem) : undefined}
              className={wide ? 'plugin-params__field plugin-params__field--wide' : 'plugin-params__field'}
              data-param={p.key}
            >
              {field(p)}
            </Form.Item>
          );
        })}
      </Form>
    </div>
  );
}
