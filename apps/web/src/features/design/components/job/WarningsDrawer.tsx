import { Alert, Button, Drawer, Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../../stores/settings-store';
import { useEditor, useEditorState } from '../../hooks/use-editor';
import { currentProfile } from '../../job/machine-store';
import { checkJob } from '../../model/job/job-check';
import { noticeText } from './notice-text';

/**
 * What the user should know: what the importers could not keep, and what the job check finds before
 * output (nothing to output and why, shapes outside the work area — which can be selected to move).
 */
export function WarningsDrawer({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const editor = useEditor();
  const doc = useEditorState((s) => s.doc);
  const imported = doc.meta.warnings ?? [];
  const check = useMemo(() => checkJob(doc, currentProfile()), [doc]);
  const notices = check.problem ? [check.problem] : check.warnings;
  return (
    <Drawer open title={t('design.job.warnings.title')} onClose={onClose} width={380} data-testid="warnings-drawer">
      <h3 className="job-notes__heading">{t('design.job.warnings.beforeOutput')}</h3>
      {notices.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('design.job.warnings.none')} />
      ) : null}
      {notices.map((n) => (
        <Alert
          key={`${n.code}${n.names ?? ''}`}
          className="job-notes__item"
          type={check.problem ? 'error' : 'warning'}
          showIcon
          message={noticeText(t, locale, n)}
        />
      ))}
      {check.outsideIds.length > 0 ? (
        <Button size="small" onClick={() => editor.select(check.outsideIds)}>
          {t('design.job.warnings.check')}
        </Button>
      ) : null}
      {imported.length > 0 ? (
        <>
          <h3 className="job-notes__heading">{t('design.job.warnings.fromImport')}</h3>
          {imported.map((w) => (
            <Alert key={w} className="job-notes__item" type="info" showIcon message={w} />
          ))}
        </>
      ) : null}
    </Drawer>
  );
}
