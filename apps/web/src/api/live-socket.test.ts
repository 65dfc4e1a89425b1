import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LiveStatus, openLiveSocket, type SocketLike } from './live-socket';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

function harness(extra: Partial<Parameters<typeof openLiveSocket>[0]> = {}) {
  const sockets: FakeSocket[] = [];
  const frames: unknown[] = [];
  const statuses: LiveStatus[] = [];
  let opens = 0;
  let n = 0;
  const live = openLiveSocket<unknown>({
    url: () => `ws://test/live?n=${++n}`,
    onMessage: (frame) => frames.push(frame),
    onOpen: () => {
      opens += 1;
    },
    onStatus: (status) => statuses.push(status),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    ...extra,
  });
  return { live, sockets, frames, statuses, opens: () => opens, last: () => sockets[sockets.length - 1]! };
}

describe('openLiveSocket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands JSON frames on and ignores what is not JSON', () => {
    const h = harness();
    h.last().open();
    h.last().receive({ type: 'hello' });
    h.last().receive('not json {');
    expect(h.frames).toEqual([{ type: 'hello' }]);
    expect(h.statuses).toEqual(['connecting', 'open']);
    expect(h.opens()).toBe(1);
  });

  it('sends only while open', () => {
    const h = harness();
    expect(h.live.send({ type: 'ping' })).toBe(false);
    h.last().open();
    expect(h.live.send({ type: 'ping' })).toBe(true);
    expect(h.last().sent).toEqual(['{"type":"ping"}']);
  });

  it('reconnects with a growing pause, asking for the address again, and reports each open', () => {
    const h = harness();
    h.last().open();
    h.last().drop();
    expect(h.live.status()).toBe('closed');
    vi.advanceTimersByTime(999);
    expect(h.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(h.sockets).toHaveLength(2);
    expect(h.last().url).toBe('ws://test/live?n=2');
    h.last().drop(); // never opened: the pause grows
    vi.advanceTimersByTime(1_999);
    expect(h.sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(h.sockets).toHaveLength(3);
    h.last().open();
    expect(h.opens()).toBe(2);
    // an open resets the pause
    h.last().drop();
    vi.advanceTimersByTime(1_000);
    expect(h.sockets).toHaveLength(4);
  });

  it('stops for good on close, and a late close event of the old socket changes nothing', () => {
    const h = harness();
    h.last().open();
    const first = h.last();
    h.live.close();
    expect(first.closed).toBe(true);
    first.drop();
    vi.advanceTimersByTime(60_000);
    expect(h.sockets).toHaveLength(1);
  });

  it('reconnect() replaces the socket at once, and the old one stays silent', () => {
    const h = harness();
    h.last().open();
    const first = h.last();
    h.live.reconnect();
    expect(first.closed).toBe(true);
    expect(h.sockets).toHaveLength(2);
    first.receive({ type: 'late' });
    first.drop();
    vi.advanceTimersByTime(60_000);
    expect(h.sockets).toHaveLength(2);
    expect(h.frames).toEqual([]);
  });

  it('takes a socket that answers no heartbeat for dead and connects again', () => {
    const h = harness({ heartbeat: { frame: { type: 'ping' }, everyMs: 1_000, timeoutMs: 500 } });
    h.last().open();
    vi.advanceTimersByTime(1_000);
    expect(h.last().sent).toEqual(['{"type":"ping"}']);
    h.last().receive({ type: 'pong' });
    vi.advanceTimersByTime(1_000); // second ping, nothing comes back
    vi.advanceTimersByTime(500);
    expect(h.sockets[0]!.closed).toBe(true);
    expect(h.live.status()).toBe('closed');
    vi.advanceTimersByTime(1_000);
    expect(h.sockets).toHaveLength(2);
  });
});
