import {
  FEEDBACK_PATHS,
  type Feedback,
  type FeedbackCategory,
  type FeedbackStatus,
  NOTICE_PATHS,
  type Notice,
  type Page,
} from '@kerf/contract';
import { pageOf } from './page';
import { CLOUD_API, request } from './request';

/** Feedback (/feedback), its triage by staff, and a person's messages (@kerf/contract feedback.ts). */

export type { Feedback, Notice };

const url = (path: string, id?: string) =>
  `${CLOUD_API}${id === undefined ? path : path.replace(/:\w+/, encodeURIComponent(id))}`;

export interface FeedbackDraft {
  category: FeedbackCategory;
  description: string;
  contact: string;
  screenshots: File[];
  /** Visitors only: the picture captcha's id and the characters typed. */
  captcha?: { uuid: string; code: string };
}

/** Sends feedback as multipart; answers the stored feedback and the server's thanks. */
export async function submitFeedback(draft: FeedbackDraft): Promise<{ feedback: Feedback; msg: string }> {
  const form = new FormData();
  form.append('category', draft.category);
  form.append('description', draft.description);
  form.append('contact', draft.contact);
  if (draft.captcha) {
    form.append('captchaUuid', draft.captcha.uuid);
    form.append('captchaCode', draft.captcha.code);
  }
  for (const file of draft.screenshots) form.append('screenshots', file, file.name || 'screenshot.png');
  // six screenshots of up to 10 MB take longer than the default 10 s on a slow line
  const answer = await request.post<Feedback>(url(FEEDBACK_PATHS.submit), form, { timeout: 0 });
  return { feedback: answer.data, msg: answer.msg };
}

export async function myFeedback(page: number, limit: number): Promise<Page<Feedback>> {
  const answer = await request.get<Page<Feedback>>(url(FEEDBACK_PATHS.mine), { params: { page, limit } });
  return pageOf(answer.data, page, limit);
}

export async function getFeedback(id: string): Promise<Feedback> {
  return (await request.get<Feedback>(url(FEEDBACK_PATHS.byId, id))).data;
}

export interface TriageQuery {
  status?: FeedbackStatus;
  category?: FeedbackCategory;
  q?: string;
}

/** Everyone's feedback (support:feedback:triage), newest first. */
export async function listFeedback(query: TriageQuery, page: number, limit: number): Promise<Page<Feedback>> {
  const answer = await request.get<Page<Feedback>>(url(FEEDBACK_PATHS.list), { params: { ...query, page, limit } });
  return pageOf(answer.data, page, limit);
}

export async function setFeedbackStatus(
  id: string,
  status: FeedbackStatus,
): Promise<{ feedback: Feedback; msg: string }> {
  const answer = await request.put<Feedback>(url(FEEDBACK_PATHS.status, id), { status });
  return { feedback: answer.data, msg: answer.msg };
}

export async function replyToFeedback(
  id: string,
  text: string,
  status?: FeedbackStatus,
): Promise<{ feedback: Feedback; msg: string }> {
  const answer = await request.post<Feedback>(url(FEEDBACK_PATHS.replies, id), status ? { text, status } : { text });
  return { feedback: answer.data, msg: answer.msg };
}

/** A screenshot's picture; an <img> sends the session cookie, which this route takes. */
export function screenshotUrl(screenshotId: string): string {
  return url(FEEDBACK_PATHS.screenshot, screenshotId);
}

/* ---- messages ---- */

export async function listNotices(page: number, limit: number): Promise<Page<Notice>> {
  const answer = await request.get<Page<Notice>>(url(NOTICE_PATHS.list), { params: { page, limit } });
  return pageOf(answer.data, page, limit);
}

/** Asked in the background (the bell): an ended session asks for no re-login here. */
export async function unreadNotices(): Promise<number> {
  return (await request.get<{ count: number }>(url(NOTICE_PATHS.unread), { reloginPrompt: false })).data.count;
}

/** Marks these of my messages read, or all of them. */
export async function markNoticesRead(ids?: string[]): Promise<number> {
  const answer = await request.post<{ count: number }>(url(NOTICE_PATHS.read), ids ? { ids } : {}, {
    repeatSubmit: false,
  });
  return answer.data.count;
}
