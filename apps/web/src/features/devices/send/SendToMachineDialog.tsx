import { DEVICE_DRAWING_STATES, type DeviceJob } from '@kerf/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Modal, Radio, Result, Space, Spin, Steps, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listDevices, listJobs, sendJob } from '../../../api/device-api';
import { isShownByClient, messageOf } from '../../../api/request';
import { DeviceStateBadge } from '../components/DeviceStateBadge';
import { useDeviceKey } from '../hooks/use-device-key';
import { useDeviceLive } from '../hooks/use-device-live';
import { deviceDetailPath, deviceTitle } from '../model/device-naming';
import { canReceiveJob, sendTargets } from './send-targets';

export interface SendToMachineDialogProps {
  /** The drive file to send (a G-code file). */
  file: { id: string; name: string };
  onClose(): void;
}

/**
 * "Send to machine" (issue: jobs sent to machines): pick one of my machines; connected ones can be
 * chosen. After sending, the dialog says where to follow the job (to-send → sent → received → done).
 */
export function SendToMachineDialog({ file, onClose }: SendToMachineDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const key = useDeviceKey();
  const machines = useQuery({
    queryKey: [...key, 'send-targets'],
    queryFn: () => listDevices({ page: 1, limit: 100 }),
  });
  const targets = sendTargets(machines.data?.list ?? []);
  const [chosen, setChosen] = useState<string>();
  const picked = chosen ?? targets.find(canReceiveJob)?.id;
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [sent, setSent] = useState<DeviceJob>();

  // once sent, the job is followed live: to-send → sent → received, then the task once it starts
  const sentId = sent?.id;
  const sentDevice = sent?.deviceId;
  const follow = useCallback(async () => {
    if (!sentId || !sentDevice) return;
    const page = await listJobs(sentDevice, 1, 20).catch(() => null);
    const now = page?.list.find((job) => job.id === sentId);
    if (now) setSent(now);
  }, [sentId, sentDevice]);
  useDeviceLive(
    (message) => {
      if ((message.type === 'command' || message.type === 'job') && message.deviceId === sentDevice) void follow();
    },
    // what happened before the socket opened is read once it is open
    { enabled: !!sentId, onOpen: () => void follow() },
  );

  const send = async () => {
    if (!picked) return;
    setSending(true);
    setProblem(undefined);
    try {
      setSent((await sendJob(picked, file.id)).job);
    } catch (error) {
      // the client already showed server failures; refusals (offline, not G-code) are shown here
      if (!isShownByClient(error)) setProblem(messageOf(error));
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    const device = targets.find((d) => d.id === sent.deviceId);
    return (
      <Modal open title={t('deviceSend.title', { name: file.name })} onCancel={onClose} footer={null}>
        <Result
          status="success"
          title={t(sent.drawingState === 'toSend' ? 'deviceSend.sendingTitle' : 'deviceSend.sentTitle', {
            device: device ? deviceTitle(device) : sent.deviceName,
          })}
          subTitle={
            <>
              <div className="device-send__progress" data-state={sent.drawingState}>
                <Steps
                  size="small"
                  className="device-send__steps"
                  current={DEVICE_DRAWING_STATES.indexOf(sent.drawingState)}
                  status={sent.failure ? 'error' : sent.drawingState === 'received' ? 'finish' : 'process'}
                  items={DEVICE_DRAWING_STATES.map((state) => ({ title: t(`devices.drawing.${state}`) }))}
                />
              </div>
              {sent.taskState ? (
                <Tag className="device-send__task" data-phase={sent.taskState} color="processing">
                  {t(`devices.task.${sent.taskState}`)}
                </Tag>
              ) : null}
              {sent.failure ? <Alert type="error" showIcon title={sent.failure} /> : null}
              <p>{t('deviceSend.sentText')}</p>
            </>
          }
          extra={
            <Space>
              <Button onClick={onClose}>{t('deviceSend.close')}</Button>
              <Button type="primary" onClick={() => void navigate(`${deviceDetailPath(sent.deviceId)}#jobs`)}>
                {t('deviceSend.viewJob')}
              </Button>
            </Space>
          }
        />
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={t('deviceSend.title', { name: file.name })}
      okText={t('deviceSend.send')}
      onOk={() => void send()}
      okButtonProps={{ disabled: !picked || !targets.some((d) => d.id === picked && canReceiveJob(d)) }}
      confirmLoading={sending}
      onCancel={onClose}
    >
      {machines.isPending ? (
        <Spin tip={t('deviceSend.loading')}>
          <div style={{ minHeight: 80 }} />
        </Spin>
      ) : targets.length === 0 ? (
        <Empty description={t('deviceSend.none')}>
          <Button type="primary" onClick={() => void navigate('/activate/bind')}>
            {t('deviceSend.activate')}
          </Button>
        </Empty>
      ) : (
        <Radio.Group
          aria-label={t('deviceSend.pick')}
          value={picked}
          onChange={(event) => setChosen(event.target.value)}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        >
          {targets.map((device) => (
            <Radio key={device.id} value={device.id} disabled={!canReceiveJob(device)}>
              <Space size="middle" wrap>
                <strong>{deviceTitle(device)}</strong>
                <span>{device.boardModel}</span>
                <DeviceStateBadge state={device.state} />
                {canReceiveJob(device) ? null : <span className="device-send__away">{t('deviceSend.away')}</span>}
              </Space>
            </Radio>
          ))}
        </Radio.Group>
      )}
      {problem ? <Alert style={{ marginTop: 16 }} type="error" showIcon message={problem} /> : null}
    </Modal>
  );
}
