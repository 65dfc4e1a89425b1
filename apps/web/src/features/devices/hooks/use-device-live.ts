import type { DeviceLiveMessage } from '@kerf/contract';
import { useEffect, useRef, useState } from 'react';
import { type DeviceScope, deviceLiveUrl } from '../../../api/device-api';
import { type LiveStatus, openLiveSocket } from '../../../api/live-socket';

export type { LiveStatus };

/**
 * The live socket (`/cloud-api/device/live`): hands each message to `onMessage` and reconnects with a
 * growing pause when the connection drops (a server restart, a network change). `onOpen` runs each
 * time the socket opens, the first time too: a change made before then was not heard (the page's first
 * read can finish before the socket is up, and a machine coming online in between would stay shown
 * offline), so the page reads its data again there.
 */
export function useDeviceLive(
  onMessage: (message: DeviceLiveMessage) => void,
  options: { scope?: DeviceScope; onOpen?: () => void; enabled?: boolean } = {},
): LiveStatus {
  const { scope = 'mine', enabled = true } = options;
  const [status, setStatus] = useState<LiveStatus>('connecting');
  // the latest callbacks, without reconnecting when a render passes new ones
  const handlers = useRef({ onMessage, onOpen: options.onOpen });
  handlers.current = { onMessage, onOpen: options.onOpen };

  useEffect(() => {
    if (!enabled) return;
    const socket = openLiveSocket<DeviceLiveMessage>({
      url: () => deviceLiveUrl(scope),
      onMessage: (message) => handlers.current.onMessage(message),
      onOpen: () => handlers.current.onOpen?.(),
      onStatus: setStatus,
    });
    return () => socket.close();
  }, [scope, enabled]);

  return status;
}
