import { DEVICE_PERMISSIONS } from '@kerf/contract';
import { useIsFetching } from '@tanstack/react-query';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/access/use-can';
import { useRefreshDevices } from '../hooks/use-device-key';
import { DataboardToolbar } from './components/DataboardToolbar';
import { FaultRankingCard } from './components/FaultRankingCard';
import { FleetNowCard } from './components/FleetNowCard';
import { JobsPerDayCard } from './components/JobsPerDayCard';
import { KeyFiguresRow } from './components/KeyFiguresRow';
import { MachineStateCard } from './components/MachineStateCard';
import { UtilisationCard } from './components/UtilisationCard';
import './databoard.css';
import { useDataboardKeys, useFleetNow, useRangeStats } from './hooks/use-databoard-data';
import { useDataboardLive } from './hooks/use-databoard-live';
import { useDataboardView } from './hooks/use-databoard-view';
import { keyFigures } from './model/key-figures';

/**
 * The dashboard (SPEC §1 device statistics, §2 /databoard): machines by state now, utilisation,
 * state time per machine, the fault ranking and jobs per day over today, 7 or 30 local days, kept
 * live by the device socket. Administrators may look at every machine instead of their own.
 */
export function DataboardPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { token } = theme.useToken();
  // the theme colour the person chose (the brand's #86A500 unless changed) leads every chart
  const primary = token.colorPrimary;
  const { view, setView, canSeeFleet, timeZone, dates } = useDataboardView();
  const fleet = useFleetNow(view.scope);
  const stats = useRangeStats(dates, timeZone, view.scope);
  const live = useDataboardLive(view.scope);
  const refreshDevices = useRefreshDevices();
  const keys = useDataboardKeys();
  const fetching = useIsFetching({ queryKey: keys.fleet }) + useIsFetching({ queryKey: keys.stats }) > 0;

  const figures = keyFigures({
    fleet: fleet.data,
    stateTime: stats.stateTime.data,
    jobs: stats.jobs.data,
    faults: stats.faults.data,
  });

  return (
    <div className="databoard">
      <header className="databoard-head">
        <div className="databoard-head__titles">
          <h1 className="databoard-head__title">{t('databoard.page.title')}</h1>
          <p className="databoard-head__zone">
            {t('databoard.page.timeZone', { zone: timeZone })} ·{' '}
            {dates.from === dates.to ? dates.to : `${dates.from} – ${dates.to}`}
          </p>
        </div>
        <DataboardToolbar
          view={view}
          onView={setView}
          canSeeFleet={canSeeFleet}
          live={live}
          refreshing={fetching}
          onRefresh={() => void refreshDevices()}
        />
      </header>
      <KeyFiguresRow figures={figures} />
      <div className="databoard-grid">
        <FleetNowCard query={fleet} canActivate={can.permission(DEVICE_PERMISSIONS.activate)} />
        <UtilisationCard query={stats.stateTime} primary={primary} />
        <MachineStateCard query={stats.byDevice} />
        <FaultRankingCard query={stats.faults} primary={primary} />
        <JobsPerDayCard query={stats.jobs} primary={primary} />
      </div>
    </div>
  );
}
