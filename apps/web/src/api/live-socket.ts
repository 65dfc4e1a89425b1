export type LiveStatus = 'connecting' | 'open' | 'closed';

/** The part of the browser's WebSocket a live socket uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

const OPEN = 1;
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

export interface LiveSocketOptions<In> {
  /** Asked again before every attempt, so a changed token or visitor reaches the next connection. */
  url(): string;
  onMessage(frame: In): void;
  /** Each time the socket opens, the first time too: what changed while it was down was not heard. */
  onOpen?(): void;
  onStatus?(status: LiveStatus): void;
  createSocket?(url: string): SocketLike;
  retryMinMs?: number;
  retryMaxMs?: number;
  /**
   * A frame sent every `everyMs`; when nothing at all arrives within `timeoutMs` after it the socket
   * is taken for dead and replaced. A lost network often leaves a socket that looks open for minutes.
   */
  heartbeat?: { frame: unknown; everyMs: number; timeoutMs: number };
}

export interface LiveSocket {
  /** Sends a frame now; false when the socket is not open (the caller keeps it for the next open). */
  send(frame: unknown): boolean;
  status(): LiveStatus;
  /** Drops the current connection and connects again at once (the browser came back online). */
  reconnect(): void;
  close(): void;
}

/**
 * A WebSocket that reconnects with a growing pause when the connection drops (a server restart, a
 * network change) and hands each JSON frame to `onMessage`. Plain TypeScript: the device pages wrap
 * it in a hook, the support chat in its connection.
 */
export function openLiveSocket<In>(options: LiveSocketOptions<In>): LiveSocket {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const retryMin = options.retryMinMs ?? RETRY_MIN_MS;
  const retryMax = options.retryMaxMs ?? RETRY_MAX_MS;
  let socket: SocketLike | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let beat: ReturnType<typeof setInterval> | undefined;
  let deadline: ReturnType<typeof setTimeout> | undefined;
  let delay = retryMin;
  let stopped = false;
  let status: LiveStatus = 'connecting';

  const setStatus = (next: LiveStatus) => {
    status = next;
    options.onStatus?.(next);
  };

  const stopHeartbeat = () => {
    clearInterval(beat);
    clearTimeout(deadline);
    beat = undefined;
    deadline = undefined;
  };

  const startHeartbeat = (current: SocketLike) => {
    const heartbeat = options.heartbeat;
    if (!heartbeat) return;
    beat = setInterval(() => {
      if (current.readyState !== OPEN) return;
      current.send(JSON.stringify(heartbeat.frame));
      if (deadline === undefined) deadline = setTimeout(() => drop(current), heartbeat.timeoutMs);
    }, heartbeat.everyMs);
  };

  /** Gives up on a socket: its close is reported as if the server had closed it. */
  const drop = (current: SocketLike) => {
    if (current !== socket) return;
    current.onclose = null;
    current.onmessage = null;
    current.onopen = null;
    try {
      current.close();
    } catch {
      // already closing
    }
    lost(current);
  };

  const lost = (current: SocketLike) => {
    // a socket closed by close() or replaced by reconnect() must not report on the one after it
    if (stopped || current !== socket) return;
    stopHeartbeat();
    socket = undefined;
    setStatus('closed');
    retry = setTimeout(connect, delay);
    delay = Math.min(delay * 2, retryMax);
  };

  const connect = () => {
    retry = undefined;
    if (stopped) return;
    setStatus('connecting');
    let current: SocketLike;
    try {
      current = createSocket(options.url());
    } catch {
      // a malformed address or a blocked scheme: try again later like any other failure
      socket = undefined;
      setStatus('closed');
      retry = setTimeout(connect, delay);
      delay = Math.min(delay * 2, retryMax);
      return;
    }
    socket = current;
    current.onopen = () => {
      if (current !== socket) return;
      delay = retryMin;
      setStatus('open');
      startHeartbeat(current);
      options.onOpen?.();
    };
    current.onmessage = (event) => {
      if (current !== socket) return;
      clearTimeout(deadline);
      deadline = undefined;
      let frame: In;
      try {
        frame = JSON.parse(String(event.data)) as In;
      } catch {
        return; // not JSON: not ours to read
      }
      options.onMessage(frame);
    };
    current.onerror = () => undefined;
    current.onclose = () => lost(current);
  };

  connect();

  return {
    send(frame) {
      if (!socket || socket.readyState !== OPEN) return false;
      socket.send(JSON.stringify(frame));
      return true;
    },
    status: () => status,
    reconnect() {
      if (stopped) return;
      clearTimeout(retry);
      delay = retryMin;
      if (socket) {
        const current = socket;
        socket = undefined;
        stopHeartbeat();
        current.onclose = null;
        current.onmessage = null;
        current.onopen = null;
        try {
          current.close();
        } catch {
          // already closing
        }
      }
      connect();
    },
    close() {
      stopped = true;
      clearTimeout(retry);
      stopHeartbeat();
      const current = socket;
      socket = undefined;
      current?.close();
    },
  };
}

/** `ws:` or `wss:` for a path of this origin. */
export function socketUrl(path: string, params?: URLSearchParams): string {
  const { protocol, host } = window.location;
  const query = params && [...params.keys()].length > 0 ? `?${params}` : '';
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${path}${query}`;
}
