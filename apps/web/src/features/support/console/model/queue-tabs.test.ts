import { describe, expect, it } from 'vitest';
import { conversationOf, messageOf } from '../../shared/model/support-fixtures';
import { conversationActions, conversationFromHit, findInPages, isQueueTab, queueQueryOf } from './queue-tabs';

describe('console queue tabs', () => {
  it('asks the queue for each tab', () => {
    expect(queueQueryOf('waiting', '', 1)).toEqual({ status: 'waiting', page: 1, limit: 20 });
    expect(queueQueryOf('mine', ' ada ', 2)).toEqual({ status: 'open', assignee: 'me', q: 'ada', page: 2, limit: 20 });
    expect(queueQueryOf('open', '', 1, 50)).toEqual({ status: 'open', page: 1, limit: 50 });
    expect(queueQueryOf('closed', '', 1)).toEqual({ status: 'closed', page: 1, limit: 20 });
  });

  it('knows its tabs', () => {
    expect(isQueueTab('mine')).toBe(true);
    expect(isQueueTab('everything')).toBe(false);
    expect(isQueueTab(null)).toBe(false);
  });

  it('opens a search hit’s conversation with what the hit knows', () => {
    const hit = { message: messageOf(4, { conversationId: 'c9' }), customerName: 'Ada' };
    expect(conversationFromHit(hit)).toMatchObject({ id: 'c9', customerName: 'Ada', lastSeq: 0, customerReadSeq: 0 });
  });

  it('finds a conversation in fetched pages', () => {
    const pages = [undefined, { list: [conversationOf({ id: 'a' })] }, { list: [conversationOf({ id: 'b' })] }];
    expect(findInPages(pages, 'b')?.id).toBe('b');
    expect(findInPages(pages, 'z')).toBeUndefined();
  });

  it('offers taking a conversation that is not mine, transfer and close, while it goes on', () => {
    expect(conversationActions({ status: 'waiting', assigneeId: null }, 'me')).toEqual({
      take: true,
      transfer: true,
      close: true,
    });
    expect(conversationActions({ status: 'open', assigneeId: 'me' }, 'me')).toEqual({
      take: false,
      transfer: true,
      close: true,
    });
    expect(conversationActions({ status: 'closed', assigneeId: 'other' }, 'me')).toEqual({
      take: false,
      transfer: false,
      close: false,
    });
  });
});
