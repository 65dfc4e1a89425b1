import type { Bilingual } from './locale.js';
import { SUPPORT_IMAGE_TYPES, SUPPORT_LIMITS } from './support.js';

/**
 * Feedback (SPEC §2 `/feedback`, public) and the messages a person receives from the maker.
 *
 * All under /cloud-api:
 * - `POST /feedback` multipart: `category`, `description`, `contact`, repeated `screenshots` (pictures);
 *   visitors add `captchaUuid` and `captchaCode` (the picture from `GET /uac-api/captcha/image`).
 * - `GET  /feedback/mine` `{page, limit}` → my feedback, newest first, with its state.
 * - `GET  /feedback/:id` → one with its screenshots and replies (its author, or staff).
 * - `GET  /feedback/screenshots/:screenshotId` → a screenshot's bytes (its author, or staff).
 * - Staff (`support:feedback:triage`): `GET /feedback/list` `{status?, category?, q?, page, limit}`;
 *   `PUT /feedback/:id/status` `{status}`; `POST /feedback/:id/replies` `{text, status?}` — the reply
 *   reaches the author in their messages and by e-mail (or SMS) when one is bound or left as contact.
 * - Messages: `GET /notice/list` `{page, limit, unread?}`, `GET /notice/unread` → `{count}`,
 *   `POST /notice/read` `{ids?}` (none: all of mine).
 */
export const FEEDBACK_PATHS = {
  submit: '/feedback',
  mine: '/feedback/mine',
  byId: '/feedback/:id',
  screenshot: '/feedback/screenshots/:screenshotId',
  list: '/feedback/list',
  status: '/feedback/:id/status',
  replies: '/feedback/:id/replies',
} as const;

export const NOTICE_PATHS = {
  list: '/notice/list',
  unread: '/notice/unread',
  read: '/notice/read',
} as const;

export const FEEDBACK_PERMISSIONS = {
  triage: 'support:feedback:triage',
} as const;

export const FEEDBACK_CATEGORIES = ['bug', 'suggestion', 'device', 'account', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export const FEEDBACK_CATEGORY_LABELS: Record<FeedbackCategory, Bilingual> = {
  bug: { 'zh-CN': '功能异常', en: 'Something is broken' },
  suggestion: { 'zh-CN': '产品建议', en: 'Suggestion' },
  device: { 'zh-CN': '设备问题', en: 'Machine problem' },
  account: { 'zh-CN': '账号问题', en: 'Account' },
  other: { 'zh-CN': '其他', en: 'Other' },
};

export const FEEDBACK_STATUSES = ['new', 'in_progress', 'resolved', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const FEEDBACK_STATUS_LABELS: Record<FeedbackStatus, Bilingual> = {
  new: { 'zh-CN': '待处理', en: 'New' },
  in_progress: { 'zh-CN': '处理中', en: 'In progress' },
  resolved: { 'zh-CN': '已解决', en: 'Resolved' },
  closed: { 'zh-CN': '已关闭', en: 'Closed' },
};

export const FEEDBACK_LIMITS = {
  descriptionMin: 5,
  descriptionMax: 2000,
  contactMax: SUPPORT_LIMITS.contactMax,
  replyMax: 2000,
  screenshotsMax: 6,
  screenshotMaxBytes: SUPPORT_LIMITS.imageMaxBytes,
  /** Feedback one address may send per hour. */
  perHour: 10,
  pageMax: 100,
} as const;

export const FEEDBACK_SCREENSHOT_TYPES = SUPPORT_IMAGE_TYPES;

export interface FeedbackScreenshot {
  id: string;
  name: string;
  size: number;
  width: number;
  height: number;
}

export interface FeedbackReply {
  id: string;
  staffName: string;
  text: string;
  createdAt: string;
}

export interface Feedback {
  id: string;
  category: FeedbackCategory;
  description: string;
  contact: string;
  status: FeedbackStatus;
  /** The author when signed in; null for a visitor. */
  userId: string | null;
  /** The author's display name (staff views), or empty. */
  authorName: string;
  screenshots: FeedbackScreenshot[];
  replies: FeedbackReply[];
  createdAt: string;
  updatedAt: string;
}

export const NOTICE_KINDS = ['feedback-reply', 'support-reply'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** One of a person's messages from the maker. */
export interface Notice {
  id: string;
  kind: NoticeKind;
  title: string;
  text: string;
  /** Where in the web app it leads (e.g. `/feedback?id=…`). */
  link: string;
  read: boolean;
  createdAt: string;
}

export const feedbackMessages = {
  categoryRequired: { 'zh-CN': '请选择反馈类型', en: 'Choose what the feedback is about' },
  descriptionRequired: { 'zh-CN': '请描述你遇到的问题或建议', en: 'Describe the problem or your suggestion' },
  descriptionTooShort: { 'zh-CN': '描述不能少于5个字符', en: 'The description needs at least 5 characters' },
  descriptionTooLong: {
    'zh-CN': '描述不能超过2000个字符',
    en: 'The description cannot be longer than 2,000 characters',
  },
  contactRequired: { 'zh-CN': '请留下联系方式，方便我们回复你', en: 'Leave a way to reach you, so we can answer' },
  contactTooLong: { 'zh-CN': '联系方式不能超过100个字符', en: 'The contact cannot be longer than 100 characters' },
  tooManyScreenshots: { 'zh-CN': '截图最多6张', en: 'At most 6 screenshots' },
  screenshotTooLarge: { 'zh-CN': '截图不能超过10MB', en: 'A screenshot cannot exceed 10 MB' },
  screenshotNotImage: { 'zh-CN': '截图只能是图片', en: 'A screenshot must be a picture' },
  captchaRequired: { 'zh-CN': '请输入图片验证码', en: 'Type the characters in the picture' },
  captchaWrong: { 'zh-CN': '验证码错误', en: 'The characters do not match the picture' },
  tooMany: { 'zh-CN': '提交太频繁，请稍后再试', en: 'Too much feedback from here. Try again later' },
  submitted: { 'zh-CN': '感谢你的反馈，我们会尽快处理', en: 'Thank you. We will look at it soon' },
  notFound: { 'zh-CN': '反馈不存在', en: 'That feedback does not exist' },
  replyRequired: { 'zh-CN': '请输入回复内容', en: 'Type a reply first' },
  replyTooLong: { 'zh-CN': '回复不能超过2000个字符', en: 'A reply cannot be longer than 2,000 characters' },
  replied: { 'zh-CN': '回复成功', en: 'Reply sent' },
  statusChanged: { 'zh-CN': '状态已更新', en: 'Status updated' },
  /** The notice and mail a reply sends. {0}: the start of the feedback. */
  replySubject: { 'zh-CN': 'Kerf 回复了你的反馈', en: 'Kerf answered your feedback' },
  /** {0}: the start of the feedback; {1}: the reply; {2}: where to read it. */
  replyText: {
    'zh-CN': '关于你的反馈“{0}”：{1}（查看：{2}）',
    en: 'About your feedback “{0}”: {1} (read it at {2})',
  },
} as const satisfies Record<string, Bilingual>;

/** The first rule a description breaks, or null. */
export function feedbackDescriptionProblem(
  text: string,
): 'descriptionRequired' | 'descriptionTooShort' | 'descriptionTooLong' | null {
  const length = [...text.trim()].length;
  if (length === 0) return 'descriptionRequired';
  if (length < FEEDBACK_LIMITS.descriptionMin) return 'descriptionTooShort';
  if (length > FEEDBACK_LIMITS.descriptionMax) return 'descriptionTooLong';
  return null;
}
