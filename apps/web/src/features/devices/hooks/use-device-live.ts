import type { DeviceLiveMessage } from '@kerf/contract';
import { useEffect, useRef, useState } from 'react';
import { type DeviceScope, deviceLiveUrl } from '../../../api/device-api';

export type LiveStatus = 'connecting' | 'open' | 'closed';

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

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
    let socket: WebSocket | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = RETRY_MIN_MS;
    let stopped = false;

    const connect = () => {
      setStatus('connecting');
      socket = new WebSocket(deviceLiveUrl(scope));
      socket.onopen = () => {
        delay = RETRY_MIN_MS;
        setStatus('open');
        handlers.current.onOpen?.();
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
