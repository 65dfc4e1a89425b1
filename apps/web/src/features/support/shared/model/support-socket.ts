import type { SupportServerFrame } from '@kerf/contract';
import { openLiveSocket } from '../../../../api/live-socket';
import { type SupportCaller, supportLiveUrl } from '../../../../api/support-api';
import type { SocketHandlers, SupportSocket } from './support-connection';

/** A ping this often keeps the connection honest: a lost network can leave a socket looking open. */
const HEARTBEAT = { frame: { type: 'ping' }, everyMs: 25_000, timeoutMs: 10_000 } as const;

/** The browser's chat socket (`/cloud-api/support/live`), reconnecting, for a caller. */
export function openSupportSocket(caller: SupportCaller, handlers: SocketHandlers): SupportSocket {
  return openLiveSocket<SupportServerFrame>({
    url: () => supportLiveUrl(caller),
    onMessage: handlers.onMessage,
    onOpen: handlers.onOpen,
    onStatus: handlers.onStatus,
    heartbeat: HEARTBEAT,
  });
}
