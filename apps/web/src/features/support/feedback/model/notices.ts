import { feedbackMessages, type Locale, type Notice } from '@kerf/contract';

/**
 * Where a notice leads inside the app, or null: only a path of this app (`/feedback?id=…`), never
 * another site, whatever a stored link says.
 */
export function noticeTarget(link: string | null | undefined): string | null {
  const path = (link ?? '').trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a link with control characters is refused
  return /[\u0000-\u001f\u007f\s]/.test(path) ? null : path;
}

/** The unread ones of a list, to mark read once the person has seen them. */
export function unreadIds(notices: readonly Notice[]): string[] {
  return notices.filter((notice) => !notice.read).map((notice) => notice.id);
}

/** The count after `marked` were read, never below nothing. */
export function countAfterReading(count: number | undefined, marked: number): number {
  return Math.max(0, (count ?? 0) - marked);
}

/**
 * A notice's title in the reader's language where its kind has a known one (the stored title is in the
 * language the person wrote in, which need not be the one they read in now).
 */
export function noticeTitle(notice: Pick<Notice, 'kind' | 'title'>, locale: Locale): string {
  if (notice.kind === 'feedback-reply') return feedbackMessages.replySubject[locale];
  return notice.title;
}
