import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { CRAFT_DITHERS, CRAFT_MODES } from '@kerf/contract';
import { Button, Form, InputNumber, Radio, Select, Switch, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { plainNumber } from '../../../app/components/plain-number';

/** The fields of a pass the form shows, so a broken rule elsewhere is said at the top instead. */
export const PASS_FIELDS = new Set([
  'mode',
  'minPower',
  'maxPower',
  'speed',
  'repeat',
  'frequency',
  'pulseWidth',
  'interval',
  'angle',
  'overscan',
  'crossHatch',
  'bidirectional',
  'airAssist',
  'zOffset',
  'zStep',
  'kerfOffset',
]);
export const BITMAP_FIELDS = new Set([
  'dither',
  'greyLevel',
  'dpiX',
  'dpiY',
  'scanDirection',
  'startPosition',
  'slope',
  'dot',
  'invert',
  'threshold',
]);

interface PassFieldsProps {
  /** The pass's index in the form's list. */
  name: number;
  count: number;
  fiber: boolean;
  onMove(to: number): void;
  onRemove(): void;
}

/**
 * A number box for a setting. No min/max on the box itself: a value out of range stays as typed and
 * the contract's rule says what is wrong, rather than the box silently changing it.
 */
function NumberField({
  name,
  label,
  unit,
  step = 1,
  extra,
}: {
  name: Array<string | number>;
  label: string;
  unit?: string;
  step?: number;
  extra?: ReactNode;
}) {
  return (
    <Form.Item name={name} label={label} className="craft-field" extra={extra}>
      <InputNumber<number> step={step} suffix={unit} formatter={plainNumber} className="craft-field__number" />
    </Form.Item>
  );
}

function SwitchField({ name, label }: { name: Array<string | number>; label: string }) {
  return (
    <Form.Item
      name={name}
      label={label}
      valuePropName="checked"
      layout="horizontal"
      colon={false}
      className="craft-field craft-field--switch"
    >
      <Switch size="small" />
    </Form.Item>
  );
}

/** One pass of the craft form: mode, power, speed and every other setting; bitmap settings for images. */
export function PassFields({ name, count, fiber, onMove, onRemove }: PassFieldsProps) {
  const { t } = useTranslation();
  const mode = Form.useWatch(['passes', name, 'mode']);
  const title = t('craft.detail.pass', { index: name + 1 });
  const bitmap = (field: string) => [name, 'bitmap', field];

  return (
    <section className="craft-pass-form" aria-label={title}>
      <header className="craft-pass-form__head">
        <span className="craft-pass-form__title">{title}</span>
        <Form.Item name={[name, 'mode']} noStyle>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            size="small"
            aria-label={t('craft.pass.mode')}
            options={CRAFT_MODES.map((value) => ({ value, label: t(`craft.mode.${value}`) }))}
          />
        </Form.Item>
        <span className="craft-pass-form__tools">
          <Tooltip title={t('craft.form.moveUp')}>
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined />}
              aria-label={`${t('craft.form.moveUp')} ${title}`}
              disabled={name === 0}
              onClick={() => onMove(name - 1)}
            />
          </Tooltip>
          <Tooltip title={t('craft.form.moveDown')}>
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label={`${t('craft.form.moveDown')} ${title}`}
              disabled={name === count - 1}
              onClick={() => onMove(name + 1)}
            />
          </Tooltip>
          <Tooltip title={t('craft.form.removePass', { index: name + 1 })}>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('craft.form.removePass', { index: name + 1 })}
              disabled={count <= 1}
              onClick={onRemove}
            />
          </Tooltip>
        </span>
      </header>
      <div className="craft-pass-form__grid">
        <NumberField name={[name, 'minPower']} label={t('craft.pass.minPower')} unit="%" />
        <NumberField name={[name, 'maxPower']} label={t('craft.pass.maxPower')} unit="%" />
        <NumberField name={[name, 'speed']} label={t('craft.pass.speed')} unit="mm/s" />
        <NumberField name={[name, 'repeat']} label={t('craft.pass.repeat')} />
        <NumberField name={[name, 'interval']} label={t('craft.pass.interval')} unit="mm" step={0.01} />
        <NumberField name={[name, 'angle']} label={t('craft.pass.angle')} unit="°" step={15} />
        <NumberField name={[name, 'overscan']} label={t('craft.pass.overscan')} unit="mm" step={0.5} />
        <NumberField name={[name, 'kerfOffset']} label={t('craft.pass.kerfOffset')} unit="mm" step={0.01} />
        <NumberField name={[name, 'frequency']} label={t('craft.pass.frequency')} unit="Hz" step={1000} />
        <NumberField name={[name, 'pulseWidth']} label={t('craft.pass.pulseWidth')} unit="ns" step={10} />
        <NumberField name={[name, 'zOffset']} label={t('craft.pass.zOffset')} unit="mm" step={0.1} />
        <NumberField name={[name, 'zStep']} label={t('craft.pass.zStep')} unit="mm" step={0.1} />
      </div>
      {fiber ? <p className="craft-pass-form__hint">{t('craft.form.fiberHint')}</p> : null}
      <div className="craft-pass-form__switches">
        <SwitchField name={[name, 'airAssist']} label={t('craft.pass.airAssist')} />
        <SwitchField name={[name, 'bidirectional']} label={t('craft.pass.bidirectional')} />
        <SwitchField name={[name, 'crossHatch']} label={t('craft.pass.crossHatch')} />
      </div>
      {mode === 'image' ? (
        <fieldset className="craft-pass-form__bitmap">
          <legend>{t('craft.bitmap.title')}</legend>
          <div className="craft-pass-form__grid">
            <Form.Item
              name={bitmap('dither')}
              label={t('craft.bitmap.dither')}
              className="craft-field craft-field--wide"
            >
              <Select options={CRAFT_DITHERS.map((value) => ({ value, label: t(`craft.bitmap.dithers.${value}`) }))} />
            </Form.Item>
            <NumberField name={bitmap('greyLevel')} label={t('craft.bitmap.greyLevel')} />
            <NumberField name={bitmap('threshold')} label={t('craft.bitmap.threshold')} />
            <NumberField name={bitmap('dpiX')} label={t('craft.bitmap.dpiX')} unit="DPI" step={10} />
            <NumberField name={bitmap('dpiY')} label={t('craft.bitmap.dpiY')} unit="DPI" step={10} />
            <Form.Item name={bitmap('scanDirection')} label={t('craft.bitmap.scanDirection')} className="craft-field">
              <Select
                options={(['horizontal', 'vertical'] as const).map((value) => ({
                  value,
                  label: t(`craft.bitmap.${value}`),
                }))}
              />
            </Form.Item>
            <Form.Item name={bitmap('startPosition')} label={t('craft.bitmap.startPosition')} className="craft-field">
              <Select
                options={(['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const).map((value) => ({
                  value,
                  label: t(`craft.bitmap.${value}`),
                }))}
              />
            </Form.Item>
            <NumberField name={bitmap('slope')} label={t('craft.bitmap.slope')} unit="°" step={15} />
            <NumberField name={bitmap('dot')} label={t('craft.bitmap.dot')} unit="px" />
          </div>
          <div className="craft-pass-form__switches">
            <SwitchField name={bitmap('invert')} label={t('craft.bitmap.invert')} />
          </div>
        </fieldset>
      ) : null}
    </section>
  );
}
