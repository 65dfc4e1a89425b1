import { type Bilingual, type MessageKey, messages, ResultCode } from '@kerf/contract';

/**
 * A failure a person can cause or should see: it carries the HTTP status, the envelope code and a
 * catalogue message (both languages), and is rendered by the error handler in the caller's language.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: number;
  readonly text: Bilingual;
  readonly args: Array<string | number>;
  readonly data: unknown;

  constructor(
    status: number,
    message: MessageKey | Bilingual,
    options: { code?: number; args?: Array<string | number>; data?: unknown; cause?: unknown } = {},
  ) {
    const text = typeof message === 'string' ? messages[message] : message;
    super(text.en, { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.code = options.code ?? status;
    this.text = text;
    this.args = options.args ?? [];
    this.data = options.data ?? null;
  }

  static badRequest(message: MessageKey | Bilingual, args?: Array<string | number>) {
    return new AppError(400, message, { args, code: ResultCode.badRequest });
  }
  static notFound(message: MessageKey | Bilingual = 'status404') {
    return new AppError(404, message, { code: ResultCode.notFound });
  }
  static conflict(message: MessageKey | Bilingual) {
    return new AppError(409, message, { code: ResultCode.conflict });
  }
  static forbidden(message: MessageKey | Bilingual = 'status403') {
    return new AppError(403, message, { code: ResultCode.forbidden });
  }
}
