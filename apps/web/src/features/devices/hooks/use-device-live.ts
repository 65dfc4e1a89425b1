import type { DeviceLiveMessage } from '@kerf/contract';
import { useEffect, useRef, useState } from 'react';
import { type DeviceScope, deviceLiveUrl } from '../../../api/device-api';

export type LiveStatus = 'connecting' | 'open' | 'closed';

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * The live socket (`/cloud-api/device/live`): hands each message to `onMessage` and reconnects with a
 * growing pause when the connection drops (a server restart, a network change). `onReconnect` runs
 * after a reconnect, when changes may have been missed: read the pages' data again then.
 */
export function useDeviceLive(
  onMessage: (message: DeviceLiveMessage) => void,
  options: { scope?: DeviceScope; onReconnect?: () => void; enabled?: boolean } = {},
): LiveStatus {
  const { scope = 'mine', enabled = true } = options;
  const [status, setStatus] = useState<LiveStatus>('connecting');
  // the latest callbacks, without reconnecting when a render passes new ones
  const handlers = useRef({ onMessage, onReconnect: options.onReconnect });
  handlers.current = { onMessage, onReconnect: options.onReconnect };

  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = RETRY_MIN_MS;
    let opened = false;
    let stopped = false;

    const connect = () => {
      setStatus('connecting');
      socket = new WebSocket(deviceLiveUrl(scope));
      socket.onopen = () => {
        delay = RETRY_MIN_MS;
        setStatus('open');
        if (opened) handlers.current.onReconnect?.();
        opened = true;
      };
      socket.onmessage = (event) => {
        try {
          handlers.current.onMessage(JSON.parse(String(event.data)) as DeviceLiveMessage);
        } catch {
          // not JSON: not ours to read
        }
      };
      socket.onclose = () => {
        // a socket closed by the cleanup must not report on the one that replaced it
        if (stopped) return;
        setStatus('closed');
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [scope, enabled]);

  return status;
}
