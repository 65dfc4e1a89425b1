import type { Layer } from '@kerf/laser';
import { Button, Divider, Drawer, Form, Input, InputNumber, Segmented, Select, Space, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { plainNumber } from '../../../app/components/plain-number';
import { useEditor } from '../hooks/use-editor';
import { type LayerPatch, settingGroupsFor, updateLayer } from '../model/layers/layer-settings';

interface Props {
  layer: Layer;
  onClose(): void;
}

type Path = (string | number)[] | string;

/**
 * Every laser setting of a layer (SPEC §3 layer fields, the path optimisation and the cut features of
 * the laser core), with units and ranges beside them. OK applies them all as one undoable step, as
 * LightBurn's cut settings editor does.
 */
export function LayerSettingsDrawer({ layer, onClose }: Props) {
  const { t } = useTranslation();
  const editor = useEditor();
  const [form] = Form.useForm<LayerPatch>();
  const mode = (Form.useWatch('mode', form) ?? layer.mode) as Layer['mode'];
  const laserType = Form.useWatch('laserType', form) ?? layer.laserType;
  const groups = settingGroupsFor(mode);
  // Keys are built from setting names (`tabsMode._`, `leadIn.arc`); the catalogue test keeps both languages whole.
  const label = (key: string): string => t(`design.layerSettings.${key}` as never);

  const number = (name: Path, key: string, unit: string | null, min: number, max: number, step = 1): ReactNode => (
    <Form.Item name={name} label={label(key)} rules={[{ required: true, type: 'number', min, max }]}>
      <InputNumber<number>
        min={min}
        max={max}
        step={step}
        formatter={plainNumber}
        addonAfter={unit ?? undefined}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
  const toggle = (name: Path, key: string): ReactNode => (
    <Form.Item name={name} label={label(key)} valuePropName="checked">
      <Switch size="small" />
    </Form.Item>
  );
  const choice = (name: Path, key: string, values: readonly string[]): ReactNode => (
    <Form.Item name={name} label={label(`${key}._`)}>
      <Select options={values.map((value) => ({ value, label: label(`${key}.${value}`) }))} />
    </Form.Item>
  );

  const apply = async () => {
    const values = await form.validateFields();
    editor.store.change(t('design.layerSettings.title'), updateLayer(layer.id, values));
    onClose();
  };

  return (
    <Drawer
      open
      width={460}
      title={t('design.layerSettings.titleOf', { name: layer.name })}
      onClose={onClose}
      destroyOnHidden
      className="design-layer-settings"
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{t('design.save.cancel')}</Button>
          <Button type="primary" onClick={() => void apply()}>
            {t('design.layerSettings.ok')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={layer}
        requiredMark={false}
        className="design-layer-settings__form"
      >
        <Form.Item name="name" label={label('name')} rules={[{ required: true, whitespace: true, max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="mode" label={label('mode._')}>
          <Segmented
            block
            options={(['cut', 'fill', 'image'] as const).map((m) => ({ value: m, label: label(`mode.${m}`) }))}
          />
        </Form.Item>
        <Form.Item name="laserType" label={label('laserType._')}>
          <Segmented
            block
            options={(['gas', 'fiber'] as const).map((m) => ({ value: m, label: label(`laserType.${m}`) }))}
          />
        </Form.Item>
        <div className="design-layer-settings__grid">
          {toggle('output', 'output')}
          {number('priority', 'priority', null, 0, 99)}
          {number('minPower', 'minPower', 'W', 0, 10_000, 0.5)}
          <Form.Item
            name="maxPower"
            label={label('maxPower')}
            dependencies={['minPower']}
            rules={[
              { required: true, type: 'number', min: 0, max: 10_000 },
              ({ getFieldValue }) => ({
                validator: (_, value: number) =>
                  value >= getFieldValue('minPower')
                    ? Promise.resolve()
                    : Promise.reject(new Error(label('powerOrder'))),
              }),
            ]}
          >
            <InputNumber<number>
              min={0}
              max={10_000}
              step={0.5}
              formatter={plainNumber}
              addonAfter="W"
              style={{ width: '100%' }}
            />
          </Form.Item>
          {number('speed', 'speed', 'mm/s', 0.1, 20_000)}
          {number('passes', 'passes', null, 1, 100)}
          {laserType === 'fiber' ? number('frequency', 'frequency', 'Hz', 0, 4_000_000, 1000) : null}
          {laserType === 'fiber' ? number('pulseWidth', 'pulseWidth', 'ns', 0, 1_000_000, 10) : null}
          {number('curveSmoothing', 'curveSmoothing', 'mm', 0, 1, 0.005)}
          {toggle(['cut', 'airAssist'], 'airAssist')}
        </div>

        {groups.includes('fill') ? (
          <>
            <Divider titlePlacement="start">{label('fillGroup')}</Divider>
            <div className="design-layer-settings__grid">
              {choice('fill', 'fill', ['none', 'whole', 'single'])}
              {number(['fillSettings', 'interval'], 'interval', 'mm', 0.01, 10, 0.01)}
              {number(['fillSettings', 'angle'], 'angle', '°', -360, 360)}
              {number(['fillSettings', 'overscan'], 'overscan', 'mm', 0, 100, 0.5)}
              {toggle(['fillSettings', 'crossHatch'], 'crossHatch')}
              {toggle(['fillSettings', 'bidirectional'], 'bidirectional')}
              {number('reliefMargin', 'reliefMargin', 'mm', 0, 100, 0.5)}
              {toggle('deleteOutline', 'deleteOutline')}
            </div>
          </>
        ) : null}

        {groups.includes('cut') ? (
          <>
            <Divider titlePlacement="start">{label('cutGroup')}</Divider>
            <div className="design-layer-settings__grid">
              {number(['cut', 'kerfOffset'], 'kerfOffset', 'mm', -5, 5, 0.01)}
              {number(['cut', 'overcut'], 'overcut', 'mm', 0, 50, 0.1)}
              {choice(['cut', 'tabs', 'mode'], 'tabsMode', ['none', 'count', 'spacing'])}
              {number(['cut', 'tabs', 'count'], 'tabsCount', null, 1, 100)}
              {number(['cut', 'tabs', 'spacing'], 'tabsSpacing', 'mm', 1, 10_000)}
              {number(['cut', 'tabs', 'width'], 'tabsWidth', 'mm', 0.05, 50, 0.05)}
              {number(['cut', 'tabs', 'minLength'], 'tabsMinLength', 'mm', 0, 10_000)}
              {choice(['cut', 'leadIn', 'kind'], 'leadIn', ['none', 'line', 'arc'])}
              {number(['cut', 'leadIn', 'length'], 'leadInLength', 'mm', 0.1, 50, 0.1)}
              {choice(['cut', 'leadOut', 'kind'], 'leadOut', ['none', 'line', 'arc'])}
              {number(['cut', 'leadOut', 'length'], 'leadOutLength', 'mm', 0.1, 50, 0.1)}
              {number(['cut', 'zOffset'], 'zOffset', 'mm', -100, 100, 0.1)}
              {number(['cut', 'zStep'], 'zStep', 'mm', 0, 20, 0.1)}
              {choice(['cut', 'passOrder'], 'passOrder', ['layer', 'shape'])}
              {choice(['cut', 'dashes'], 'dashes', ['solid', 'dashed'])}
              {choice(['cut', 'perforation', 'mode'], 'perforation', ['none', 'dash', 'dot'])}
              {number(['cut', 'perforation', 'on'], 'perforationOn', 'mm', 0.01, 100, 0.1)}
              {number(['cut', 'perforation', 'off'], 'perforationOff', 'mm', 0.01, 100, 0.1)}
              {number(['cut', 'perforation', 'spacing'], 'perforationSpacing', 'mm', 0.01, 100, 0.1)}
              {number(['cut', 'perforation', 'dwell'], 'perforationDwell', 'ms', 0, 10_000)}
              {toggle(['cut', 'cornerPower'], 'cornerPower')}
            </div>
          </>
        ) : null}

        <Divider titlePlacement="start">{label('optimisationGroup')}</Divider>
        <div className="design-layer-settings__grid">
          {choice(['optimisation', 'direction'], 'direction', ['x', 'y'])}
          {choice(['optimisation', 'findRule'], 'findRule', ['nearest', 'original'])}
          {choice(['optimisation', 'startPoint'], 'startPoint', ['auto', 'keep'])}
          {number(['optimisation', 'partitionSize'], 'partitionSize', 'mm', 0, 10_000)}
          {toggle(['optimisation', 'insideOut'], 'insideOut')}
          {toggle(['optimisation', 'layerOptimisation'], 'layerOptimisation')}
        </div>
      </Form>
    </Drawer>
  );
}
