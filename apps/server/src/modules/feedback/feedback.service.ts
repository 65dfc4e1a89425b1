import { Readable } from 'node:stream';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_LIMITS,
  FEEDBACK_PERMISSIONS,
  FEEDBACK_STATUSES,
  type Feedback,
  type FeedbackCategory,
  type FeedbackStatus,
  feedbackDescriptionProblem,
  feedbackMessages,
  format,
  type Grants,
  hasPermission,
  type Locale,
  parseAccount,
} from '@kerf/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type PageRequest, pageSlice } from '../../db/page-slice.js';
import { AppError } from '../../http/app-error.js';
import type { BlobInfo, BlobStore } from '../../infra/blob/blob-store.js';
import type { Cache } from '../../infra/cache/cache.js';
import { type CleanPicture, cleanPicture } from '../../infra/image/clean-picture.js';
import type { NoticeService } from '../notice/notice.service.js';
import type { CodeDelivery, NoticeMessage } from '../verification/code-delivery.js';
import type { FeedbackFilter, FeedbackRepository, FeedbackView } from './feedback.repository.js';

export interface FeedbackDeps {
  feedback: FeedbackRepository;
  blobs: BlobStore;
  /** Records stored bytes before a row points at them (the drive's blob bookkeeping). */
  noteStored(blobs: Array<{ sha256: string; size: number }>): Promise<void>;
  cache: Cache;
  /** The picture captcha visitors answer (ImageCaptchaService). */
  captcha: { verify(uuid: string | null | undefined, answer: string | null | undefined): Promise<boolean> };
  notices: NoticeService;
  delivery: CodeDelivery;
  /** The web app's address, ending in `/web/`: where a mailed reply says to read it. */
  webUrl: string;
  log: FastifyBaseLogger;
}

/** What the form sent, as read from the multipart body. */
export interface FeedbackSubmission {
  category: string;
  description: string;
  contact: string;
  captchaUuid?: string;
  captchaCode?: string;
  screenshots: Array<{ name: string; bytes: Buffer }>;
}

/** Who is asking: a signed-in person with their grants, or a visitor (null). */
export type FeedbackCaller = (Grants & { userId: string }) | null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => AppError.notFound(feedbackMessages.notFound);
const HOUR_MS = 3_600_000;
/** How much of the description a reply's notice quotes. */
const EXCERPT_CHARACTERS = 30;

export function feedbackLink(id: string): string {
  return `/feedback?id=${id}`;
}

function excerpt(text: string): string {
  const characters = [...text.replace(/\s+/g, ' ').trim()];
  return characters.length > EXCERPT_CHARACTERS
    ? `${characters.slice(0, EXCERPT_CHARACTERS).join('')}…`
    : characters.join('');
}

export function presentFeedback({ feedback, authorName, screenshots, replies }: FeedbackView): Feedback {
  return {
    id: feedback.id,
    category: feedback.category as FeedbackCategory,
    description: feedback.description,
    contact: feedback.contact,
    status: feedback.status as FeedbackStatus,
    userId: feedback.userId,
    authorName,
    screenshots: screenshots.map((s) => ({ id: s.id, name: s.name, size: s.size, width: s.width, height: s.height })),
    replies: replies.map((r) => ({
      id: r.id,
      staffName: r.staffName,
      text: r.body,
      createdAt: r.createdAt.toISOString(),
    })),
    createdAt: feedback.createdAt.toISOString(),
    updatedAt: feedback.updatedAt.toISOString(),
  };
}

/**
 * Feedback from /feedback: a person (signed in, or a visitor past the picture captcha) sends a
 * description with screenshots; staff holding support:feedback:triage sort and answer it, and the
 * answer reaches the author in their messages and by mail or SMS.
 */
export class FeedbackService {
  constructor(private readonly deps: FeedbackDeps) {}

  /**
   * Checks everything before anything is kept: the form, the captcha, the address's allowance, and
   * every screenshot decoded and written again. Only then are the pictures stored, and the feedback
   * with its screenshots goes into the database in one transaction.
   */
  async submit(
    caller: FeedbackCaller,
    input: FeedbackSubmission,
    context: { locale: Locale; clientAddress: string },
  ): Promise<Feedback> {
    if (!(FEEDBACK_CATEGORIES as readonly string[]).includes(input.category)) {
      throw AppError.badRequest(feedbackMessages.categoryRequired);
    }
    const description = input.description.trim();
    const problem = feedbackDescriptionProblem(description);
    if (problem) throw AppError.badRequest(feedbackMessages[problem]);
    const contact = input.contact.trim();
    if (!caller && !contact) throw AppError.badRequest(feedbackMessages.contactRequired);
    if ([...contact].length > FEEDBACK_LIMITS.contactMax) throw AppError.badRequest(feedbackMessages.contactTooLong);
    if (input.screenshots.length > FEEDBACK_LIMITS.screenshotsMax) {
      throw AppError.badRequest(feedbackMessages.tooManyScreenshots);
    }
    if (input.screenshots.some((s) => s.bytes.length > FEEDBACK_LIMITS.screenshotMaxBytes)) {
      throw screenshotTooLarge();
    }
    if (input.screenshots.some((s) => s.bytes.length === 0))
      throw AppError.badRequest(feedbackMessages.screenshotNotImage);

    if (!caller) {
      if (!input.captchaUuid?.trim() || !input.captchaCode?.trim()) {
        throw AppError.badRequest(feedbackMessages.captchaRequired);
      }
      if (!(await this.deps.captcha.verify(input.captchaUuid.trim(), input.captchaCode))) {
        throw AppError.badRequest(feedbackMessages.captchaWrong);
      }
    }
    const hour = Math.floor(Date.now() / HOUR_MS);
    const sent = await this.deps.cache.increment(`feedback:sent:${context.clientAddress}:${hour}`, HOUR_MS);
    if (sent > FEEDBACK_LIMITS.perHour) throw new AppError(429, feedbackMessages.tooMany, { code: 429 });

    const pictures: CleanPicture[] = [];
    for (const shot of input.screenshots) {
      const picture = await cleanPicture(shot.bytes);
      if (!picture) throw AppError.badRequest(feedbackMessages.screenshotNotImage);
      pictures.push(picture);
    }
    const stored: BlobInfo[] = [];
    for (const picture of pictures) {
      stored.push(await this.deps.blobs.put(Readable.from([picture.bytes]), { expectedSize: picture.bytes.length }));
    }
    if (stored.length) await this.deps.noteStored(stored);
    const row = await this.deps.feedback.create(
      {
        userId: caller?.userId ?? null,
        category: input.category,
        description,
        contact,
        locale: context.locale,
        ip: context.clientAddress.slice(0, 64),
      },
      pictures.map((picture, i) => ({
        name: input.screenshots[i]!.name,
        sha256: stored[i]!.sha256,
        size: stored[i]!.size,
        mime: picture.mime,
        width: picture.width,
        height: picture.height,
      })),
    );
    return presentFeedback(await this.view(row.id));
  }

  private isStaff(caller: Grants): boolean {
    return hasPermission(caller, FEEDBACK_PERMISSIONS.triage);
  }

  /** Any feedback, for staff; 404 for an id that is none. */
  private async view(id: string): Promise<FeedbackView> {
    const view = UUID.test(id) ? await this.deps.feedback.view(id) : undefined;
    if (!view) throw notFound();
    return view;
  }

  /** One feedback for its author or staff; anyone else is told it does not exist. */
  async one(caller: Grants & { userId: string }, id: string): Promise<Feedback> {
    const view = await this.view(id);
    if (view.feedback.userId !== caller.userId && !this.isStaff(caller)) throw notFound();
    return presentFeedback(view);
  }

  async mine(userId: string, page: PageRequest) {
    return this.list({ userId }, page);
  }

  async list(filter: FeedbackFilter, page: PageRequest) {
    const { rows, total } = await this.deps.feedback.list(filter, pageSlice(page));
    return { list: rows.map(presentFeedback), total, ...page };
  }

  /** A screenshot's stored picture, for the author of its feedback or staff. */
  async screenshot(caller: Grants & { userId: string }, screenshotId: string) {
    const row = UUID.test(screenshotId) ? await this.deps.feedback.screenshot(screenshotId) : undefined;
    if (!row || (row.userId !== caller.userId && !this.isStaff(caller))) throw AppError.notFound();
    return row.screenshot;
  }

  async setStatus(id: string, status: FeedbackStatus): Promise<Feedback> {
    if (!(FEEDBACK_STATUSES as readonly string[]).includes(status)) throw AppError.badRequest('formatError');
    if (!UUID.test(id) || !(await this.deps.feedback.setStatus(id, status))) throw notFound();
    return presentFeedback(await this.view(id));
  }

  /**
   * A reply from staff: stored with the state it leaves, then it reaches the author: as one of their
   * messages when they have an account, and by mail or SMS where there is an address. A delivery that
   * fails is logged; the reply stands.
   */
  async reply(staffId: string, id: string, text: string, status?: FeedbackStatus): Promise<Feedback> {
    const body = text.trim();
    if (!body) throw AppError.badRequest(feedbackMessages.replyRequired);
    if ([...body].length > FEEDBACK_LIMITS.replyMax) throw AppError.badRequest(feedbackMessages.replyTooLong);
    if (!UUID.test(id) || !(await this.deps.feedback.reply(id, staffId, body, status))) throw notFound();
    await this.tellAuthor(id, body);
    return presentFeedback(await this.view(id));
  }

  private async tellAuthor(id: string, reply: string) {
    const author = await this.deps.feedback.author(id);
    if (!author) return;
    const { feedback } = author;
    const locale: Locale = feedback.locale === 'en' ? 'en' : 'zh-CN';
    const subject = feedbackMessages.replySubject[locale];
    if (feedback.userId) {
      await this.deps.notices
        .add(feedback.userId, { kind: 'feedback-reply', title: subject, text: reply, link: feedbackLink(id) })
        .catch((err) => this.deps.log.warn({ err, feedback: id }, 'feedback reply notice not stored'));
    }
    const to = this.addressOf(author);
    if (!to) return;
    const readAt = feedback.userId ? `${this.deps.webUrl}feedback?id=${id}` : `${this.deps.webUrl}feedback`;
    const notice: NoticeMessage = {
      ...to,
      subject,
      text: format(feedbackMessages.replyText[locale], excerpt(feedback.description), reply, readAt),
    };
    await this.deps.delivery
      .notify(notice)
      .catch((err) => this.deps.log.warn({ err, feedback: id, channel: to.channel }, 'feedback reply not delivered'));
  }

  /** The author's bound e-mail, else mobile; a visitor's contact when it is an e-mail or a mainland mobile. */
  private addressOf(author: {
    feedback: { userId: string | null; contact: string };
    email: string | null;
    mobile: string | null;
  }) {
    if (author.feedback.userId) {
      if (author.email) return { channel: 'email' as const, to: author.email };
      if (author.mobile) return { channel: 'mobile' as const, to: author.mobile };
    }
    const contact = parseAccount(author.feedback.contact);
    return contact ? { channel: contact.kind, to: contact.value } : null;
  }
}

export function screenshotTooLarge() {
  return new AppError(413, feedbackMessages.screenshotTooLarge, { code: 413 });
}
