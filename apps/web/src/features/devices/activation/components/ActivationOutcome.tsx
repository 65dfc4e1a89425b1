import type { DeviceInfo } from '@kerf/contract';
import { Alert, Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../../app/components/LinkButton';
import { useSettings } from '../../../../stores/settings-store';
import { formatDateTime } from '../../../account/account-format';
import { deviceDetailAddress } from '../model/activation-address';

/**
 * What an activation or a board change leaves to do: the machine must come online and claim its
 * credential before the claim window closes (`claimableUntil`), and the device itself is one click away.
 */
export function ActivationOutcome({
  title,
  subTitle,
  device,
  notes,
  claimNote,
  claimNoteUnknown,
  againLabel,
  onAgain,
}: {
  title: string;
  subTitle: string;
  device: DeviceInfo;
  notes?: ReactNode;
  /** Text with an {{until}} placeholder, and the one for an answer without a window. */
  claimNote: (until: string) => string;
  claimNoteUnknown: string;
  againLabel: string;
  onAgain(): void;
}) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const until = formatDateTime(device.claimableUntil, locale);
  return (
    <Result
      status="success"
      className="activation-outcome"
      title={title}
      subTitle={subTitle}
      extra={[
        <LinkButton key="detail" type="primary" to={deviceDetailAddress(device.id)}>
          {t('activation.bind.detail')}
        </LinkButton>,
        <Button key="again" onClick={onAgain}>
          {againLabel}
        </Button>,
      ]}
    >
      <div className="activation-outcome__notes">
        {notes}
        <Alert type="info" showIcon title={until ? claimNote(until) : claimNoteUnknown} />
      </div>
    </Result>
  );
}
