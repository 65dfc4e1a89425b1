import { supportMessages } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { conversationEnded } from './conversation-ended';

describe('conversationEnded', () => {
  const closing = { side: 'system' as const, text: supportMessages.closedNotice.en, seq: 3 };

  it('is over when the last word is the closing notice, in either language', () => {
    expect(conversationEnded({ status: 'open' }, [closing])).toBe(true);
    expect(conversationEnded(null, [{ ...closing, text: supportMessages.closedNotice['zh-CN'] }])).toBe(true);
  });

  it('is going again once someone writes after the notice', () => {
    expect(conversationEnded({ status: 'closed' }, [closing, { side: 'customer', text: 'hi', seq: 4 }])).toBe(false);
  });

  it('without messages, the conversation’s own status says', () => {
    expect(conversationEnded({ status: 'closed' }, [])).toBe(true);
    expect(conversationEnded({ status: 'waiting' }, [])).toBe(false);
    expect(conversationEnded(null, [])).toBe(false);
  });
});
