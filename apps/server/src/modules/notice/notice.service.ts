import type { Notice, NoticeKind } from '@kerf/contract';
import { type PageRequest, pageSlice } from '../../db/page-slice.js';
import type { NoticeRepository, NoticeRow } from './notice.repository.js';

export function presentNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    kind: row.kind as NoticeKind,
    title: row.title,
    text: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Titles and texts are cut to what the table holds, so a long reply never fails the notice. */
const TITLE_MAX = 200;
const TEXT_MAX = 2000;
const LINK_MAX = 300;

/** A person's messages from the maker: what other modules leave for them, and what they have read. */
export class NoticeService {
  constructor(private readonly notices: NoticeRepository) {}

  async add(userId: string, notice: { kind: NoticeKind; title: string; text: string; link: string }): Promise<Notice> {
    const row = await this.notices.insert({
      userId,
      kind: notice.kind,
      title: [...notice.title].slice(0, TITLE_MAX).join(''),
      body: [...notice.text].slice(0, TEXT_MAX).join(''),
      link: notice.link.slice(0, LINK_MAX),
    });
    return presentNotice(row);
  }

  async list(userId: string, filter: { unread?: boolean }, page: PageRequest) {
    const { rows, total } = await this.notices.list(userId, filter.unread === true, pageSlice(page));
    return { list: rows.map(presentNotice), total, ...page };
  }

  unreadCount(userId: string): Promise<number> {
    return this.notices.unreadCount(userId);
  }

  markRead(userId: string, ids?: string[]): Promise<number> {
    return this.notices.markRead(userId, ids ? [...new Set(ids)] : undefined);
  }
}
