import type { TFunction } from 'i18next';
import type { JobNotice } from '../../model/job/job-check';

/** A job notice in the page's language: the core's own words where it gave them, else the catalogue's. */
export function noticeText(t: TFunction, locale: string, notice: JobNotice): string {
  if (notice.text) return locale === 'en' ? notice.text.en : notice.text['zh-CN'];
  return t(`design.job.notices.${notice.code}` as never, { count: notice.count ?? 0, names: notice.names ?? '' });
}
