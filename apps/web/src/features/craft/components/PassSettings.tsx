import type { CraftPass } from '@kerf/contract';
import { Descriptions, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, frequencyText, powerRangeText, withUnit } from '../model/craft-format';
import { ModeTag } from './CraftTags';

/** Every setting of one pass, with units; the bitmap settings for image passes. */
export function PassSettings({ pass, index }: { pass: CraftPass; index: number }) {
  const { t } = useTranslation();
  const onOff = (value: boolean) => (value ? t('craft.on') : t('craft.off'));
  const orDefault = (value: number, text: string) => (value === 0 ? t('craft.machineDefault') : text);
  const mm = (value: number) => withUnit(value, 'mm');

  const items: DescriptionsProps['items'] = [
    { key: 'power', label: t('craft.pass.power'), children: powerRangeText(pass) },
    { key: 'speed', label: t('craft.pass.speed'), children: withUnit(pass.speed, 'mm/s') },
    { key: 'repeat', label: t('craft.pass.repeat'), children: t('craft.pass.times', { count: pass.repeat }) },
    {
      key: 'frequency',
      label: t('craft.pass.frequency'),
      children: orDefault(pass.frequency, frequencyText(pass.frequency)),
    },
    {
      key: 'pulseWidth',
      label: t('craft.pass.pulseWidth'),
      children: orDefault(pass.pulseWidth, withUnit(pass.pulseWidth, 'ns')),
    },
    { key: 'interval', label: t('craft.pass.interval'), children: mm(pass.interval) },
    { key: 'angle', label: t('craft.pass.angle'), children: `${formatNumber(pass.angle)}°` },
    { key: 'crossHatch', label: t('craft.pass.crossHatch'), children: onOff(pass.crossHatch) },
    { key: 'bidirectional', label: t('craft.pass.bidirectional'), children: onOff(pass.bidirectional) },
    { key: 'overscan', label: t('craft.pass.overscan'), children: mm(pass.overscan) },
    { key: 'airAssist', label: t('craft.pass.airAssist'), children: onOff(pass.airAssist) },
    { key: 'zOffset', label: t('craft.pass.zOffset'), children: mm(pass.zOffset) },
    { key: 'zStep', label: t('craft.pass.zStep'), children: mm(pass.zStep) },
    { key: 'kerfOffset', label: t('craft.pass.kerfOffset'), children: mm(pass.kerfOffset) },
  ];
  const bitmap = pass.mode === 'image' ? pass.bitmap : undefined;
  const bitmapItems: DescriptionsProps['items'] = bitmap
    ? [
        { key: 'dither', label: t('craft.bitmap.dither'), children: t(`craft.bitmap.dithers.${bitmap.dither}`) },
        { key: 'greyLevel', label: t('craft.bitmap.greyLevel'), children: bitmap.greyLevel },
        {
          key: 'dpi',
          label: `${t('craft.bitmap.dpiX')} × ${t('craft.bitmap.dpiY')}`,
          children: `${formatNumber(bitmap.dpiX)} × ${formatNumber(bitmap.dpiY)} DPI`,
        },
        { key: 'scan', label: t('craft.bitmap.scanDirection'), children: t(`craft.bitmap.${bitmap.scanDirection}`) },
        { key: 'start', label: t('craft.bitmap.startPosition'), children: t(`craft.bitmap.${bitmap.startPosition}`) },
        { key: 'slope', label: t('craft.bitmap.slope'), children: `${formatNumber(bitmap.slope)}°` },
        { key: 'dot', label: t('craft.bitmap.dot'), children: withUnit(bitmap.dot, 'px') },
        { key: 'invert', label: t('craft.bitmap.invert'), children: onOff(bitmap.invert) },
        { key: 'threshold', label: t('craft.bitmap.threshold'), children: bitmap.threshold },
      ]
    : [];

  return (
    <section className="craft-pass" aria-label={t('craft.detail.pass', { index: index + 1 })}>
      <header className="craft-pass__head">
        <span className="craft-pass__index">{t('craft.detail.pass', { index: index + 1 })}</span>
        <ModeTag mode={pass.mode} />
      </header>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={items} className="craft-pass__settings" />
      {bitmap ? (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          title={<span className="craft-pass__subtitle">{t('craft.bitmap.title')}</span>}
          items={bitmapItems}
          className="craft-pass__bitmap"
        />
      ) : null}
    </section>
  );
}
