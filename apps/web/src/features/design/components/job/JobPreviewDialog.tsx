import { CloudUploadOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Modal, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../../stores/settings-store';
import { useEditor } from '../../hooks/use-editor';
import { currentProfile } from '../../job/machine-store';
import { useJobRun } from '../../job/use-job-run';
import type { BuiltJob } from '../../model/job/build-job';
import { JobStats } from './JobStats';
import { noticeText } from './notice-text';
import { PlaybackBar } from './PlaybackBar';
import { PreviewCanvas } from './PreviewCanvas';

/**
 * The job preview: the job is planned and optimised in the worker, then its toolpath is shown over the
 * drawing with its statistics and notes, to play through or scrub, and to export from.
 */
export function JobPreviewDialog({
  onClose,
  onDownload,
  onSaveToDrive,
}: {
  onClose(): void;
  onDownload(job: BuiltJob): void;
  onSaveToDrive(job: BuiltJob): void;
}) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const editor = useEditor();
  const { state, run } = useJobRun(editor);
  const [shapes] = useState(() => editor.doc.shapes);
  // null: the end of the job (the whole toolpath), until the person plays or scrubs
  const [moment, setTime] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(10);
  const [showTravel, setShowTravel] = useState(true);

  useEffect(() => {
    void run();
  }, [run]);

  const built = state.status === 'done' && 'built' in state.result ? state.result.built : null;
  const total = built?.preview.stats.estimatedTime ?? 0;
  const time = moment ?? total;
  const colors = useMemo(() => {
    if (!built) return [];
    const byId = new Map(built.layers.map((l) => [l.id, l.color]));
    return built.preview.layerIds.map((id) => byId.get(id) ?? '#000000');
  }, [built]);
  // the job was planned on this machine's bed
  const [bed] = useState(() => {
    const profile = currentProfile();
    return { width: profile.bedWidth, height: profile.bedHeight };
  });

  return (
    <Modal
      open
      title={t('design.job.preview.title')}
      onCancel={onClose}
      width="min(1200px, 96vw)"
      className="job-preview"
      destroyOnHidden
      footer={[
        <Button
          key="drive"
          icon={<CloudUploadOutlined />}
          disabled={!built}
          onClick={() => built && onSaveToDrive(built)}
        >
          {t('design.job.export.gcodeToDrive')}
        </Button>,
        <Button
          key="download"
          type="primary"
          icon={<DownloadOutlined />}
          disabled={!built}
          onClick={() => built && onDownload(built)}
        >
          {t('design.job.export.gcode')}
        </Button>,
      ]}
    >
      {state.status === 'planning' || state.status === 'idle' ? (
        <div className="job-preview__planning">
          <Spin />
          <span>{t('design.job.preview.planning')}</span>
        </div>
      ) : null}
      {state.status === 'failed' ? <Alert type="error" showIcon message={state.error} /> : null}
      {state.status === 'done' && 'problem' in state.result ? (
        <Alert
          type="warning"
          showIcon
          data-testid="job-problem"
          message={t('design.job.export.nothingTitle')}
          description={noticeText(t, locale, state.result.problem)}
        />
      ) : null}
      {built && state.status === 'done' ? (
        <div className="job-preview__body">
          <div className="job-preview__main">
            <PreviewCanvas
              preview={built.preview}
              colors={colors}
              shapes={shapes}
              bed={bed}
              time={time}
              showTravel={showTravel}
              label={t('design.job.preview.title')}
            />
            <PlaybackBar
              time={time}
              total={total}
              playing={playing}
              speed={speed}
              onTime={setTime}
              onPlaying={setPlaying}
              onSpeed={setSpeed}
            />
          </div>
          <aside className="job-preview__side">
            <JobStats stats={built.preview.stats} layers={built.layers} />
            <div className="job-preview__legend">
              <Checkbox checked={showTravel} onChange={(e) => setShowTravel(e.target.checked)}>
                {t('design.job.preview.showTravel')}
              </Checkbox>
              <span className="job-preview__key job-preview__key--travel">{t('design.job.preview.legendTravel')}</span>
              <span className="job-preview__key job-preview__key--idle">{t('design.job.preview.legendIdle')}</span>
            </div>
            {built.warnings.map((w) => (
              <Alert key={`${w.code}${w.names ?? ''}`} type="warning" showIcon message={noticeText(t, locale, w)} />
            ))}
            <p className="job-preview__note" data-testid="job-preview-ms">
              {t('design.job.preview.computed', {
                ms: Math.round(state.ms),
                before: Math.round(built.travelBefore),
                after: Math.round(built.travelAfter),
              })}
            </p>
          </aside>
        </div>
      ) : null}
    </Modal>
  );
}
