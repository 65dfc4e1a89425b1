import { DEVICE_DRAWING_STATES, type DeviceJob, type DeviceRuntimeState, PAGE_SIZES } from '@kerf/contract';
import { Button, Empty, Progress, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFullTime, formatSize } from '../../drive/model/format';
import { drawingStep, type JobOutlook, jobOutlook } from '../model/device-job-outlook';
import { DetailSection } from './DetailSection';
import { useDeviceJobs } from './use-device-detail';

const STEP_COLOUR = { process: 'processing', finish: 'success', error: 'error' } as const;
const PHASE_COLOUR: Record<JobOutlook['phase'], string | undefined> = {
  notStarted: undefined,
  inProgress: 'processing',
  interrupted: 'warning',
  done: 'success',
  failed: 'error',
};

/**
 * The jobs sent to the machine (SPEC §4 drawing status and task status), newest first, a page at a
 * time; the page reads them again on each 'job' message of the socket. A job still "in progress" on a
 * machine that went offline says it was interrupted: the machine cannot be running it.
 */
export function DeviceJobsSection({ deviceId, deviceState }: { deviceId: string; deviceState: DeviceRuntimeState }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const jobs = useDeviceJobs(deviceId, paging);
  const none = <span className="device-muted">{t('devices.none')}</span>;
  const time = (iso: string | null) => (iso ? <span className="device-time">{formatFullTime(iso)}</span> : none);

  const phaseText = (outlook: JobOutlook) => {
    if (outlook.phase === 'interrupted') {
      const by =
        outlook.interruptedBy === 'noResponse' || outlook.interruptedBy === 'softShutdown'
          ? outlook.interruptedBy
          : 'offline';
      return t(`devices.task.interrupted.${by}`);
    }
    return t(`devices.task.${outlook.phase}`);
  };

  const columns: TableColumnsType<DeviceJob> = [
    {
      key: 'fileName',
      title: t('devices.jobs.fileName'),
      width: 200,
      ellipsis: { showTitle: false },
      render: (_, job) => (
        <Tooltip title={job.fileName}>
          <span className="device-job-name">{job.fileName}</span>
        </Tooltip>
      ),
    },
    {
      key: 'size',
      title: t('devices.jobs.size'),
      width: 96,
      align: 'right',
      // a job started at the machine has no file the cloud knows the size of
      render: (_, job) => (job.commandId || job.size > 0 ? formatSize(job.size) : none),
    },
    {
      key: 'drawingState',
      title: t('devices.jobs.drawingState'),
      width: 130,
      render: (_, job) => {
        const step = drawingStep(job);
        const times = [
          job.sentAt ? `${t('devices.jobs.sentAt')} ${formatFullTime(job.sentAt)}` : '',
          job.receivedAt ? `${t('devices.jobs.receivedAt')} ${formatFullTime(job.receivedAt)}` : '',
        ].filter(Boolean);
        const tag = (
          <Tag color={STEP_COLOUR[step.status]} data-state={job.drawingState}>
            {`${step.index + 1}/${DEVICE_DRAWING_STATES.length} ${t(`devices.drawing.${job.drawingState}`)}`}
          </Tag>
        );
        return times.length ? <Tooltip title={times.join(' · ')}>{tag}</Tooltip> : tag;
      },
    },
    {
      key: 'taskState',
      title: t('devices.jobs.taskState'),
      width: 210,
      render: (_, job) => {
        const outlook = jobOutlook(job, deviceState);
        // a job that failed before it started has no progress worth a bar
        const showBar =
          outlook.phase === 'inProgress' ||
          outlook.phase === 'interrupted' ||
          (outlook.phase === 'failed' && outlook.percent > 0);
        return (
          <div className="device-job-task" data-phase={outlook.phase}>
            <Tag color={PHASE_COLOUR[outlook.phase]}>{phaseText(outlook)}</Tag>
            {showBar ? (
              <Progress
                size="small"
                percent={outlook.percent}
                status={outlook.phase === 'failed' ? 'exception' : outlook.phase === 'inProgress' ? 'active' : 'normal'}
                aria-label={t('devices.telemetry.progress')}
              />
            ) : null}
          </div>
        );
      },
    },
    {
      key: 'failure',
      title: t('devices.jobs.failure'),
      ellipsis: { showTitle: false },
      render: (_, job) =>
        job.failure ? (
          <Tooltip title={job.failure}>
            <span className="device-job-failure">{job.failure}</span>
          </Tooltip>
        ) : (
          none
        ),
    },
    { key: 'createdAt', title: t('devices.jobs.createdAt'), width: 170, render: (_, job) => time(job.createdAt) },
    { key: 'startedAt', title: t('devices.jobs.startedAt'), width: 170, render: (_, job) => time(job.startedAt) },
    { key: 'finishedAt', title: t('devices.jobs.finishedAt'), width: 170, render: (_, job) => time(job.finishedAt) },
  ];

  const empty = jobs.isError ? (
    <Empty description={t('devices.jobs.failed')}>
      <Button onClick={() => void jobs.refetch()}>{t('devices.detail.retry')}</Button>
    </Empty>
  ) : (
    t('devices.jobs.empty')
  );

  return (
    <DetailSection title={t('devices.detail.sections.jobs')}>
      <Table<DeviceJob>
        rowKey="id"
        size="small"
        aria-label={t('devices.jobs.tableLabel')}
        columns={columns}
        dataSource={jobs.data?.list ?? []}
        loading={jobs.isFetching && (jobs.isPlaceholderData || !jobs.data)}
        scroll={{ x: 1300 }}
        locale={{ emptyText: empty }}
        pagination={{
          current: paging.page,
          pageSize: paging.limit,
          total: jobs.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          // a person who chose 50 a page must still find the pager to choose 10 again
          hideOnSinglePage: (jobs.data?.total ?? 0) <= PAGE_SIZES[0],
        }}
        onChange={(pagination) => {
          const limit = pagination.pageSize ?? paging.limit;
          setPaging({ limit, page: limit !== paging.limit ? 1 : (pagination.current ?? 1) });
        }}
      />
    </DetailSection>
  );
}
