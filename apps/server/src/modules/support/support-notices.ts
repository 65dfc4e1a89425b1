import { format, supportMessages } from '@kerf/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { CodeDelivery } from '../verification/code-delivery.js';
import type { SupportRepository } from './support.repository.js';

/**
 * Answers left unread: each instance sweeps now and then, and the conversations whose staff answer has
 * waited `noticeAfterMs` unread are claimed in one UPDATE (so one instance, once per unread stretch)
 * and a notice goes to the person's bound e-mail, else mobile, through the code delivery. Kept in the
 * database rather than in timers, so a restart loses no notice.
 */
export class SupportNoticeSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly deps: {
      conversations: SupportRepository;
      delivery: CodeDelivery;
      /** Where people read the answer (the web app's address). */
      webUrl: string;
      noticeAfterMs: number;
      log: FastifyBaseLogger;
    },
  ) {}

  start() {
    const every = Math.min(30_000, Math.max(250, Math.floor(this.deps.noticeAfterMs / 2)));
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.sweep().finally(() => (this.running = null));
    }, every);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Sends the notices due now; answers how many went out. */
  async sweep(now = new Date()): Promise<number> {
    let sent = 0;
    try {
      const due = await this.deps.conversations.claimUnreadAnswers(new Date(now.getTime() - this.deps.noticeAfterMs));
      for (const row of due) {
        const to = row.email ?? row.mobile;
        if (!to) continue;
        const locale = row.locale === 'en' ? 'en' : 'zh-CN';
        const excerpt = [...row.last_text].slice(0, 60).join('');
        await this.deps.delivery
          .notify({
            channel: row.email ? 'email' : 'mobile',
            to,
            subject: supportMessages.offlineSubject[locale],
            text: format(supportMessages.offlineText[locale], excerpt, this.deps.webUrl),
          })
          .then(() => sent++)
          .catch((err) => this.deps.log.warn({ err, conversation: row.id }, 'support notice not delivered'));
      }
    } catch (err) {
      this.deps.log.warn({ err }, 'support notice sweep failed');
    }
    return sent;
  }
}
