import type { DeviceInfo } from '@kerf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type CommandInput, sendCommand, unbindDevice } from '../../../api/device-api';
import { isShownByClient, messageOf } from '../../../api/request';
import { useDeviceQueryKeys } from '../hooks/use-device-cache';
import { DEVICE_KEY } from '../hooks/use-device-key';
import { deviceTitle } from '../model/device-naming';

/** Remote commands and unbinding, with the confirmations and messages people see. */
export function useDeviceActions(device: Pick<DeviceInfo, 'id' | 'name' | 'machineCode'>) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const keys = useDeviceQueryKeys();
  const navigate = useNavigate();
  const { id } = device;
  const title = deviceTitle(device);

  // The request client toasts transport failures and codes 500/100 itself; the rest (a 409 "offline",
  // a 404) is said here, once, in the server's words.
  const failed = useCallback(
    (error: unknown) => {
      if (!isShownByClient(error)) void message.error(messageOf(error));
    },
    [message],
  );

  return useMemo(
    () => ({
      /** Resolves true when the cloud accepted the command (its progress shows in the history). */
      async command(input: CommandInput): Promise<boolean> {
        try {
          await sendCommand(id, input);
          void message.success(t('devices.control.sent'));
          return true;
        } catch (error) {
          failed(error);
          // a refusal (设备离线，指令未发送) means the state on screen was behind: read it again
          void client.invalidateQueries({ queryKey: keys.detail(id) });
          return false;
        } finally {
          // accepted or refused, the command is in the history now
          void client.invalidateQueries({ queryKey: keys.commands(id) });
        }
      },

      /** SPEC §2 delete: asks first, unbinds, then back to the list. */
      unbind() {
        modal.confirm({
          title: t('devices.detail.unbindTitle', { name: title }),
          content: t('devices.detail.unbindContent'),
          okText: t('devices.detail.unbindOk'),
          cancelText: t('devices.detail.cancel'),
          okButtonProps: { danger: true },
          onOk: async () => {
            try {
              void message.success(await unbindDevice(id));
              // leave first: the page still watching the machine would read it again and find it gone
              await navigate('/device');
              client.removeQueries({ queryKey: keys.detail(id) });
              void client.invalidateQueries({ queryKey: DEVICE_KEY });
            } catch (error) {
              failed(error);
            }
          },
        });
      },
    }),
    [client, failed, id, keys, message, modal, navigate, t, title],
  );
}
