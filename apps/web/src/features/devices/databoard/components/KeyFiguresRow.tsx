import { useTranslation } from 'react-i18next';
import type { KeyFigures } from '../model/key-figures';

const NO_VALUE = '–';

/** The range at a glance, as text (a definition list a test or a screen reader reads as it is). */
export function KeyFiguresRow({ figures }: { figures: KeyFigures }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const show = (value: number | null, format: (text: string) => string = (text) => text) =>
    value === null ? NO_VALUE : format(number.format(value));
  const hours = (text: string) => t('databoard.figures.hours', { value: text });

  const items = [
    { key: 'machines', value: show(figures.machines) },
    { key: 'processing', value: show(figures.processingHours, hours) },
    { key: 'poweredOn', value: show(figures.poweredOnHours, hours) },
    { key: 'utilisation', value: show(figures.utilisation, (text) => `${text}%`) },
    { key: 'jobsDone', value: show(figures.jobsDone) },
    { key: 'faults', value: show(figures.faults) },
  ] as const;

  return (
    <dl className="databoard-figures" aria-label={t('databoard.figures.label')}>
      {items.map((item) => (
        <div key={item.key} className="databoard-figures__item">
          <dt>{t(`databoard.figures.${item.key}`)}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
