import type { JobStats as Stats } from '@kerf/laser';
import { useTranslation } from 'react-i18next';
import type { JobLayerInfo } from '../../model/job/build-job';
import { formatDuration, formatLength } from './format';

/** `jobStats` of the job: burn and travel length, estimated time, per layer and in all. */
export function JobStats({ stats, layers }: { stats: Stats; layers: JobLayerInfo[] }) {
  const { t } = useTranslation();
  const byId = new Map(layers.map((l) => [l.id, l]));
  return (
    <table className="job-preview__stats" data-testid="job-stats">
      <thead>
        <tr>
          <th>{t('design.job.preview.layer')}</th>
          <th>{t('design.job.preview.cutLength')}</th>
          <th>{t('design.job.preview.time')}</th>
        </tr>
      </thead>
      <tbody>
        {stats.layers.map((l) => {
          const layer = byId.get(l.layerId);
          return (
            <tr key={l.layerId} data-layer={l.layerId}>
              <td>
                <span className="job-preview__swatch" style={{ background: layer?.color }} />
                {layer?.name ?? l.layerId}
              </td>
              <td>{formatLength(l.cutLength)}</td>
              <td>{formatDuration(l.time)}</td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <th>{t('design.job.preview.total')}</th>
          <th data-testid="job-stats-cut" data-value={stats.cutLength}>
            {formatLength(stats.cutLength)}
          </th>
          <th data-testid="job-stats-time" data-value={stats.estimatedTime}>
            {formatDuration(stats.estimatedTime)}
          </th>
        </tr>
        <tr>
          <td>{t('design.job.preview.travelLength')}</td>
          <td data-testid="job-stats-travel" data-value={stats.travelLength} colSpan={2}>
            {formatLength(stats.travelLength)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
