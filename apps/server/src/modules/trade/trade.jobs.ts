import { TRADE_LIMITS } from '@kerf/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { TradeService } from './trade.service.js';

/**
 * Settles pending orders past their time on a timer, in every server process (each order changes
 * once whichever process gets there first): asked of the provider, then paid or closed.
 */
export class TradeJobs {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly trade: TradeService,
    private readonly log?: FastifyBaseLogger,
  ) {}

  start(everyMs = TRADE_LIMITS.reconcileEveryMs) {
    if (this.timer) return;
    const tick = () => {
      this.running = this.trade
        .reconcile()
        .then((settled) => {
          if (settled) this.log?.info({ settled }, 'pending orders settled');
        })
        .catch((err) => this.log?.error({ err }, 'order reconciliation failed'));
    };
    this.timer = setInterval(tick, everyMs);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
