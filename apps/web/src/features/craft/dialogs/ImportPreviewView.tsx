import type { CraftImportLine, CraftImportPolicy, CraftImportPreview } from '@kerf/contract';
import { CRAFT_IMPORT_POLICIES } from '@kerf/contract';
import { Radio, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { thicknessText } from '../model/craft-format';

/** A file may hold thousands of crafts; the preview lists the first of each kind and counts the rest. */
const LISTED = 50;

function Lines({ lines, title, tone }: { lines: CraftImportLine[]; title: string; tone: 'added' | 'clash' }) {
  const { t } = useTranslation();
  return (
    <section className={`craft-import-lines craft-import-lines--${tone}`} aria-label={title}>
      <h4 className="craft-import-lines__title">
        {title}
        <span className="craft-import-lines__count">{lines.length}</span>
      </h4>
      {lines.length ? (
        <ul className="craft-import-lines__list">
          {lines.slice(0, LISTED).map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of a file have no id; their order is fixed
            <li key={index} className="craft-import-lines__item">
              <span className="craft-import-lines__material">{line.material}</span>
              <span className="craft-import-lines__thickness">
                {thicknessText(line.thickness, t('craft.anyThickness'))}
              </span>
              <span className="craft-import-lines__name">{line.name}</span>
              <span className="craft-import-lines__passes">{t('craft.import.passes', { count: line.passes })}</span>
            </li>
          ))}
          {lines.length > LISTED ? (
            <li className="craft-import-lines__more">{t('craft.import.more', { count: lines.length - LISTED })}</li>
          ) : null}
        </ul>
      ) : (
        <p className="craft-import-lines__none">{t('craft.import.nothing')}</p>
      )}
    </section>
  );
}

/** What the server read from the file: what is new, what clashes, and what to do with the clashes. */
export function ImportPreviewView({
  preview,
  onClash,
  onClashChange,
}: {
  preview: CraftImportPreview;
  onClash: CraftImportPolicy;
  onClashChange(policy: CraftImportPolicy): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="craft-import-preview">
      <p className="craft-import-preview__summary">
        <Tag color={preview.format === 'clb' ? 'orange' : 'green'}>
          {t(preview.format === 'clb' ? 'craft.import.formatClb' : 'craft.import.formatJson')}
        </Tag>
        <span>
          {t('craft.import.summary', { name: preview.libraryName || '—', total: preview.total, count: preview.total })}
        </span>
        <Tag color="success">{t('craft.import.added', { count: preview.added.length })}</Tag>
        {preview.clashes.length ? (
          <Tag color="warning">{t('craft.import.clashes', { count: preview.clashes.length })}</Tag>
        ) : null}
      </p>
      {preview.clashes.length ? (
        <div className="craft-import-preview__policy">
          <span className="craft-import-preview__policy-label">{t('craft.import.onClash')}</span>
          <Radio.Group
            optionType="button"
            value={onClash}
            onChange={(event) => onClashChange(event.target.value as CraftImportPolicy)}
            options={CRAFT_IMPORT_POLICIES.map((value) => ({ value, label: t(`craft.import.${value}`) }))}
            aria-label={t('craft.import.onClash')}
          />
        </div>
      ) : null}
      <Lines lines={preview.added} title={t('craft.import.addedTitle')} tone="added" />
      {preview.clashes.length ? (
        <Lines lines={preview.clashes} title={t('craft.import.clashesTitle')} tone="clash" />
      ) : null}
    </div>
  );
}
