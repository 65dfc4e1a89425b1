import { SUPPORT_LIMITS } from '@kerf/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ChatSide, createConversationStore, isOwnMessage, isReadByThem } from './conversation-store';
import { CONVERSATION_ID, conversationOf, messageOf, messagesOf } from './support-fixtures';

function storeFor(side: ChatSide = 'customer', conversation = conversationOf()) {
  const store = createConversationStore({ side, now: () => new Date('2026-01-01T08:00:00Z') });
  store.reset(conversation);
  return store;
}

const seqs = (store: ReturnType<typeof storeFor>) => store.getSnapshot().messages.map((m) => m.seq);

describe('conversation store: order and duplicates', () => {
  it('keeps messages in seq order whatever order they arrive in', () => {
    const store = storeFor();
    store.loadNewest([], false);
    store.receive([messageOf(3), messageOf(1)]);
    store.receive([messageOf(2)]);
    store.receive([messageOf(5), messageOf(4)]);
    expect(seqs(store)).toEqual([1, 2, 3, 4, 5]);
  });

  it('holds each seq once: heard on the socket, then again in a catch-up page', () => {
    const store = storeFor();
    store.loadNewest(messagesOf(1, 3), false);
    store.receive([messageOf(4)]);
    store.receive(messagesOf(2, 5));
    store.receive([messageOf(4)]);
    expect(seqs(store)).toEqual([1, 2, 3, 4, 5]);
  });

  it('does not publish when a duplicate changes nothing', () => {
    const store = storeFor();
    store.loadNewest(messagesOf(1, 2), false);
    const before = store.getSnapshot();
    const listener = vi.fn();
    store.subscribe(listener);
    store.receive([messageOf(2)]);
    expect(listener).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toBe(before);
  });

  it('ignores messages of another conversation and nonsense seqs', () => {
    const store = storeFor();
    store.loadNewest([], false);
    store.receive([messageOf(1, { conversationId: 'other' }), messageOf(0), messageOf(1.5)]);
    expect(seqs(store)).toEqual([]);
  });

  it('starts empty for another conversation, and keeps pending messages for the same one', () => {
    const store = storeFor();
    store.loadNewest(messagesOf(1, 2), false);
    store.addPending({ clientId: 'p1', kind: 'text', text: 'hi' });
    store.reset(conversationOf({ lastSeq: 2 }));
    expect(seqs(store)).toEqual([1, 2]);
    expect(store.getSnapshot().pending).toHaveLength(1);
    store.reset(conversationOf({ id: 'another' }));
    expect(store.getSnapshot().messages).toEqual([]);
    expect(store.getSnapshot().pending).toEqual([]);
    expect(store.getSnapshot().loaded).toBe(false);
  });
});

describe('conversation store: pending messages', () => {
  it('shows a pending message after the stored ones until its ack replaces it', () => {
    const store = storeFor();
    store.loadNewest(messagesOf(1, 2), false);
    store.addPending({ clientId: 'mine-1', kind: 'text', text: 'hello' });
    let snapshot = store.getSnapshot();
    expect(snapshot.pending).toEqual([
      expect.objectContaining({ clientId: 'mine-1', state: 'sending', text: 'hello' }),
    ]);
    store.ack('mine-1', messageOf(3, { side: 'customer', clientId: 'mine-1', text: 'hello' }));
    snapshot = store.getSnapshot();
    expect(snapshot.pending).toEqual([]);
    expect(seqs(store)).toEqual([1, 2, 3]);
  });

  it('lets the broadcast of my own message replace its pending copy (before the ack comes)', () => {
    const store = storeFor();
    store.loadNewest([], false);
    store.addPending({ clientId: 'mine-1', kind: 'text', text: 'hello' });
    store.receive([messageOf(1, { side: 'customer', clientId: 'mine-1' })]);
    expect(store.getSnapshot().pending).toEqual([]);
    store.ack('mine-1', messageOf(1, { side: 'customer', clientId: 'mine-1' }));
    expect(seqs(store)).toEqual([1]);
  });

  it('a message of the other side with the same clientId leaves my pending one alone', () => {
    const store = storeFor();
    store.loadNewest([], false);
    store.addPending({ clientId: 'x', kind: 'text', text: 'hello' });
    store.receive([messageOf(1, { side: 'staff', clientId: 'x' })]);
    expect(store.getSnapshot().pending).toHaveLength(1);
  });

  it('a failed message keeps its clientId when tried again, and the ack of the retry replaces it', () => {
    const store = storeFor();
    store.loadNewest([], false);
    store.addPending({ clientId: 'mine-1', kind: 'text', text: 'hello' });
    store.markFailed('mine-1', '发送太频繁，请稍后再试');
    expect(store.getSnapshot().pending[0]).toMatchObject({ state: 'failed', error: '发送太频繁，请稍后再试' });
    store.markSending('mine-1');
    expect(store.getSnapshot().pending[0]).toMatchObject({ clientId: 'mine-1', state: 'sending', error: undefined });
    store.ack('mine-1', messageOf(1, { side: 'customer', clientId: 'mine-1' }));
    expect(store.getSnapshot().pending).toEqual([]);
    expect(seqs(store)).toEqual([1]);
  });

  it('does not add a pending message twice, nor one already stored', () => {
    const store = storeFor();
    store.loadNewest([messageOf(1, { side: 'customer', clientId: 'done' })], false);
    store.addPending({ clientId: 'done', kind: 'text', text: 'again' });
    store.addPending({ clientId: 'p', kind: 'text', text: 'a' });
    store.addPending({ clientId: 'p', kind: 'text', text: 'a' });
    expect(store.getSnapshot().pending.map((p) => p.clientId)).toEqual(['p']);
  });

  it('tracks upload progress only while sending, and drops a given-up message', () => {
    const store = storeFor();
    store.addPending({
      clientId: 'f',
      kind: 'file',
      text: '',
      attachment: { name: 'a.pdf', size: 10, mime: 'application/pdf' },
    });
    store.setProgress('f', 0.5);
    expect(store.getSnapshot().pending[0]?.progress).toBe(0.5);
    store.markFailed('f');
    store.setProgress('f', 0.7);
    expect(store.getSnapshot().pending[0]?.progress).toBeUndefined();
    store.dropPending('f');
    expect(store.getSnapshot().pending).toEqual([]);
  });
});

describe('conversation store: gaps and catching up', () => {
  it('asks for nothing before the first page and when nothing is missing', () => {
    const store = storeFor();
    store.receive([messageOf(7)]);
    expect(store.missingAfter()).toBeNull();
    store.loadNewest(messagesOf(1, 7), false);
    expect(store.missingAfter()).toBeNull();
    expect(store.contiguousSeq()).toBe(7);
  });

  it('a message past a hole asks for a catch-up after the last contiguous seq', () => {
    const store = storeFor();
    store.loadNewest(messagesOf(1, 4), false);
    store.receive([messageOf(7)]);
    expect(store.contiguousSeq()).toBe(4);
    expect(store.missingAfter()).toBe(4);
    store.receive([messageOf(5), messageOf(6)]);
    expect(store.missingAfter()).toBeNull();
    expect(store.contiguousSeq()).toBe(7);
  });

  it('counts contiguity from the first message held (older pages come with before=)', () => {
    const store = storeFor('customer', conversationOf({ lastSeq: 60 }));
    store.loadNewest(messagesOf(31, 60), true);
    expect(store.getSnapshot().hasOlder).toBe(true);
    expect(store.firstSeq()).toBe(31);
    expect(store.missingAfter()).toBeNull();
    store.loadOlder(messagesOf(1, 30), false);
    expect(store.getSnapshot().hasOlder).toBe(false);
    expect(seqs(store)).toHaveLength(60);
    expect(store.contiguousSeq()).toBe(60);
  });

  it('knows the conversation goes further than what arrived (its lastSeq), and asks for the rest', () => {
    const store = storeFor('staff', conversationOf({ lastSeq: 3 }));
    store.loadNewest(messagesOf(1, 3, { side: 'customer' }), false);
    store.updateConversation(conversationOf({ lastSeq: 5 }));
    expect(store.missingAfter()).toBe(3);
  });

  it('after a reconnect the catch-up starts after the last contiguous seq', () => {
    const store = storeFor();
    store.loadNewest(messagesOf(1, 3), false);
    // the socket was down while 4 and 5 were written; the catch-up page brings them
    expect(store.contiguousSeq()).toBe(3);
    store.receive(messagesOf(4, 5));
    expect(store.contiguousSeq()).toBe(5);
    expect(store.missingAfter()).toBeNull();
  });
});

describe('conversation store: reading', () => {
  it('shows my messages as read up to the other side’s read seq', () => {
    const store = storeFor('customer');
    store.loadNewest(
      [messageOf(1, { side: 'customer' }), messageOf(2, { side: 'customer' }), messageOf(3, { side: 'staff' })],
      false,
    );
    // staff writing seq 3 read everything before it
    expect(store.getSnapshot().theirReadSeq).toBe(3);
    store.receive([messageOf(4, { side: 'customer' }), messageOf(5, { side: 'customer' })]);
    store.read('staff', 4);
    const snapshot = store.getSnapshot();
    const read = snapshot.messages.filter((m) => isReadByThem(m, snapshot, 'customer')).map((m) => m.seq);
    expect(read).toEqual([1, 2, 4]);
    // read marks never go back
    store.read('staff', 2);
    expect(store.getSnapshot().theirReadSeq).toBe(4);
  });

  it('counts unread messages of the other side, and my writing or reading clears them', () => {
    const store = storeFor('customer', conversationOf({ lastSeq: 2, customerReadSeq: 0 }));
    expect(store.getSnapshot().unread).toBe(2);
    store.loadNewest(messagesOf(1, 2), false);
    store.receive([messageOf(3)]);
    expect(store.getSnapshot().unread).toBe(3);
    store.read('customer', 3);
    expect(store.getSnapshot().unread).toBe(0);
    store.receive([messageOf(4, { side: 'system', senderName: '' })]);
    expect(store.getSnapshot().unread).toBe(1);
    store.receive([messageOf(5, { side: 'customer' })]);
    expect(store.getSnapshot().unread).toBe(0);
  });

  it('for staff a system notice is their own doing, not news', () => {
    const store = storeFor('staff', conversationOf({ lastSeq: 1, staffReadSeq: 0 }));
    store.loadNewest([messageOf(1, { side: 'customer' })], false);
    expect(store.getSnapshot().unread).toBe(1);
    store.receive([messageOf(2, { side: 'system' })]);
    expect(store.getSnapshot().unread).toBe(0);
    expect(isOwnMessage({ side: 'system' }, 'staff')).toBe(true);
    expect(isOwnMessage({ side: 'system' }, 'customer')).toBe(false);
  });

  it('takes read marks from the conversation (a console’s `conversation` frame) only upwards', () => {
    const store = storeFor('staff', conversationOf({ lastSeq: 2, customerReadSeq: 2, staffReadSeq: 1 }));
    store.updateConversation(conversationOf({ lastSeq: 2, customerReadSeq: 1, staffReadSeq: 2 }));
    expect(store.getSnapshot()).toMatchObject({ theirReadSeq: 2, myReadSeq: 2, unread: 0 });
    store.updateConversation(conversationOf({ id: 'other', lastSeq: 9 }));
    expect(store.getSnapshot().lastSeq).toBe(2);
  });
});

describe('conversation store: typing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the other side typing for typingShownMs, longer when they keep on', () => {
    const store = storeFor();
    store.typing();
    expect(store.getSnapshot().theirTyping).toBe(true);
    vi.advanceTimersByTime(SUPPORT_LIMITS.typingShownMs - 1000);
    store.typing();
    vi.advanceTimersByTime(SUPPORT_LIMITS.typingShownMs - 1);
    expect(store.getSnapshot().theirTyping).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().theirTyping).toBe(false);
  });

  it('stops showing typing when their message arrives', () => {
    const store = storeFor();
    store.loadNewest([], false);
    store.typing();
    store.receive([messageOf(1, { side: 'staff' })]);
    expect(store.getSnapshot().theirTyping).toBe(false);
  });
});

describe('conversation store: subscription', () => {
  it('notifies listeners and stops after unsubscribe', () => {
    const store = storeFor();
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.loadNewest([messageOf(1)], false);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    store.receive([messageOf(2)]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().conversationId).toBe(CONVERSATION_ID);
  });
});
