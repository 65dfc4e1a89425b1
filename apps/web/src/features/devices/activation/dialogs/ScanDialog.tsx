import { type DeviceCodeKind, deviceMessages } from '@kerf/contract';
import { Alert, Button, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../../app/media/use-media-query';
import { useSettings } from '../../../../stores/settings-store';
import { useCodeScanner } from '../hooks/use-code-scanner';
import { readScannedCode } from '../model/scanned-code';

export interface ScanRequest {
  /** The field whose scan button was pressed. */
  wanted: DeviceCodeKind;
  /** Every code field the form shows: a label of another one fills that one. */
  offered: readonly DeviceCodeKind[];
}

interface ScanDialogProps extends ScanRequest {
  labelOf(kind: DeviceCodeKind): string;
  onRead(field: DeviceCodeKind, value: string): void;
  onClose(): void;
}

/**
 * The camera and its reader in a dialog. A read that is a code of the form fills its field and closes
 * the dialog; anything else (another barcode on the machine) is shown with why it does not fit, and
 * scanning goes on. When the camera cannot be had the dialog says why, in the SPEC's words, and that
 * typing the code always works.
 */
export function ScanDialog({ wanted, offered, labelOf, onRead, onClose }: ScanDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 575.98px)');
  // a fresh attempt is a fresh scanner: the camera asked again, the reader loaded again
  const [attempt, setAttempt] = useState(0);

  return (
    <Modal
      open
      title={t('activation.scan.title')}
      onCancel={onClose}
      width={phone ? '100%' : 520}
      destroyOnHidden
      className="activation-scan"
      footer={<Button onClick={onClose}>{t('activation.scan.close')}</Button>}
    >
      <ScanView
        key={attempt}
        wanted={wanted}
        offered={offered}
        labelOf={labelOf}
        onRead={onRead}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    </Modal>
  );
}

function ScanView({
  wanted,
  offered,
  labelOf,
  onRead,
  onRetry,
}: Omit<ScanDialogProps, 'onClose'> & { onRetry(): void }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [refused, setRefused] = useState<{ read: string; problem: string } | null>(null);

  const state = useCodeScanner(video, (texts) => {
    let first: { read: string; problem: string } | null = null;
    for (const text of texts) {
      const reading = readScannedCode(text, wanted, offered);
      if (reading.ok) {
        onRead(reading.field, reading.value);
        return true;
      }
      first ??= { read: reading.read, problem: reading.message[locale] };
    }
    setRefused(first);
    return false;
  });

  // the page's own situation (no HTTPS, no streaming API) does not change by asking again
  const retryable =
    state.phase === 'reader' ||
    (state.phase === 'camera' && state.problem !== 'cameraInsecure' && state.problem !== 'cameraUnsupported');
  const showsPicture = state.phase === 'starting' || state.phase === 'scanning';

  return (
    <div className="activation-scan__body">
      {state.phase === 'camera' || state.phase === 'reader' ? (
        <Alert
          type="warning"
          showIcon
          className="activation-scan__problem"
          title={state.phase === 'camera' ? deviceMessages[state.problem][locale] : t('activation.scan.readerFailed')}
          description={t('activation.scan.typeInstead')}
          action={
            retryable ? (
              <Button size="small" onClick={onRetry}>
                {t('activation.scan.retry')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <p className="activation-scan__aim">{t('activation.scan.aim', { field: labelOf(wanted) })}</p>
      )}
      <div className="activation-scan__frame" hidden={!showsPicture}>
        <video
          ref={setVideo}
          className="activation-scan__video"
          muted
          playsInline
          autoPlay
          aria-label={t('activation.scan.viewfinder')}
        />
        {state.phase === 'starting' ? (
          <div className="activation-scan__starting" role="status">
            <Spin />
            <span>{t('activation.scan.starting')}</span>
          </div>
        ) : null}
      </div>
      <div className="activation-scan__refused" aria-live="polite">
        {refused && state.phase === 'scanning' ? t('activation.scan.notCode', refused) : null}
      </div>
    </div>
  );
}
