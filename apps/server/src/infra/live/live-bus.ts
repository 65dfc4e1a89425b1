import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

type Handler = (message: unknown) => void;

/**
 * Live updates between instances: what one instance learns (a machine's new state) reaches the
 * WebSockets held by every instance. In memory for one instance; Redis pub/sub (REDIS_URL) for several.
 */
export interface LiveBus {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, message: unknown): Promise<void>;
  /** Returns the way to stop listening. */
  subscribe(channel: string, handler: Handler): () => void;
  close(): Promise<void>;
}

export class MemoryLiveBus implements LiveBus {
  readonly kind = 'memory' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, message: unknown) {
    this.emitter.emit(channel, message);
  }

  subscribe(channel: string, handler: Handler) {
    this.emitter.on(channel, handler);
    return () => {
      this.emitter.off(channel, handler);
    };
  }

  async close() {
    this.emitter.removeAllListeners();
  }
}

/** Redis pub/sub needs a connection of its own for listening; messages are JSON. */
export class RedisLiveBus implements LiveBus {
  readonly kind = 'redis' as const;
  private readonly publisher: Redis;
  private readonly listener: Redis;
  private readonly local = new MemoryLiveBus();
  private readonly channels = new Map<string, number>();
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    url: string,
    private readonly prefix = 'kerf:live:',
  ) {
    this.publisher = new Redis(url, { maxRetriesPerRequest: 2 });
    this.listener = new Redis(url, { maxRetriesPerRequest: null });
    // Connection trouble shows in the health check and in failing publishes; it must not end the process.
    this.publisher.on('error', () => undefined);
    this.listener.on('error', () => undefined);
    this.listener.on('message', (channel: string, text: string) => {
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        return;
      }
      void this.local.publish(channel.slice(this.prefix.length), message);
    });
  }

  async publish(channel: string, message: unknown) {
    await this.publisher.publish(this.prefix + channel, JSON.stringify(message));
  }

  subscribe(channel: string, handler: Handler) {
    const count = this.channels.get(channel) ?? 0;
    if (count === 0) {
      const subscribed = this.listener.subscribe(this.prefix + channel).catch(() => undefined);
      this.pending.add(subscribed);
      void subscribed.finally(() => this.pending.delete(subscribed));
    }
    this.channels.set(channel, count + 1);
    const stop = this.local.subscribe(channel, handler);
    return () => {
      stop();
      const left = (this.channels.get(channel) ?? 1) - 1;
      this.channels.set(channel, left);
      if (left === 0) void this.listener.unsubscribe(this.prefix + channel).catch(() => undefined);
    };
  }

  /** Resolves once Redis has confirmed the subscriptions made so far. */
  async ready() {
    await Promise.all([...this.pending]);
  }

  async close() {
    await this.local.close();
    this.listener.disconnect();
    this.publisher.disconnect();
  }
}

export function createLiveBus(redisUrl?: string): LiveBus {
  return redisUrl ? new RedisLiveBus(redisUrl) : new MemoryLiveBus();
}
