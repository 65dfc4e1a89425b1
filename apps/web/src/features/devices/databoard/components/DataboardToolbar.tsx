import { ReloadOutlined } from '@ant-design/icons';
import { Badge, Button, Segmented, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceScope } from '../../../../api/device-api';
import type { LiveStatus } from '../../hooks/use-device-live';
import type { DataboardView } from '../model/databoard-view';
import { DATABOARD_RANGES, type DataboardRange } from '../model/stat-range';

const LIVE_BADGE = { open: 'success', connecting: 'processing', closed: 'default' } as const;

interface DataboardToolbarProps {
  view: DataboardView;
  onView: (next: DataboardView) => void;
  canSeeFleet: boolean;
  live: LiveStatus;
  refreshing: boolean;
  onRefresh: () => void;
}

/** The range, the scope (for those who may see every machine), the live socket's state and a refresh. */
export function DataboardToolbar({ view, onView, canSeeFleet, live, refreshing, onRefresh }: DataboardToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="databoard-toolbar" role="toolbar" aria-label={t('databoard.page.toolbar')}>
      <Segmented<DataboardRange>
        aria-label={t('databoard.range.label')}
        value={view.range}
        onChange={(range) => onView({ ...view, range })}
        options={DATABOARD_RANGES.map((range) => ({ value: range, label: t(`databoard.range.${range}`) }))}
      />
      {canSeeFleet ? (
        <Segmented<DeviceScope>
          aria-label={t('databoard.scope.label')}
          value={view.scope}
          onChange={(scope) => onView({ ...view, scope })}
          options={(['mine', 'all'] as const).map((scope) => ({ value: scope, label: t(`databoard.scope.${scope}`) }))}
        />
      ) : null}
      <span className="databoard-toolbar__live" role="status">
        <Badge status={LIVE_BADGE[live]} text={t(`databoard.live.${live}`)} />
      </span>
      <Tooltip title={t('databoard.page.refresh')}>
        <Button
          icon={<ReloadOutlined spin={refreshing} />}
          aria-label={t('databoard.page.refresh')}
          onClick={onRefresh}
        />
      </Tooltip>
    </div>
  );
}
