import {
  API_PREFIX,
  DUPLICATE_SUBMIT_MAX_BODY_BYTES,
  DUPLICATE_SUBMIT_WINDOW_MS,
  type Envelope,
  ERROR_TOAST_SECONDS,
  type Locale,
  type MessageKey,
  REQUEST_TIMEOUT_MS,
  ResultCode,
  statusMessageKey,
  TOAST_SECONDS,
  t,
} from '@kerf/contract';
import axios, { type AxiosRequestConfig, type AxiosResponse } from 'axios';
import Cookies from 'js-cookie';
import { settingsStore } from '../stores/settings-store';
import { serializeParams } from './params';
import { type CookieJar, clearToken, readToken } from './token';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** `false` sends no Authorization header (the login call). */
    withToken?: boolean;
    /** The original client's name for `withToken`; either opts out. */
    isToken?: boolean;
    /** `false` lets an identical POST/PUT through inside the duplicate-submit window. */
    repeatSubmit?: boolean;
    /** Turns the answer body into the plain envelope first (the encrypted envelope's `open`). */
    openResponse?: (body: unknown) => Promise<unknown>;
    /**
     * `false` rejects a code 422 without the re-login dialog, for a caller that ends the session
     * itself (the route guard loading permissions sends the person to the login page anyway).
     */
    reloginPrompt?: boolean;
  }
}

/** Absolute prefixes of the two API families (SPEC §7); the base URL itself stays '' (same origin). */
export const CLOUD_API = API_PREFIX.cloud;
export const UAC_API = API_PREFIX.uac;
export const LOGIN_PAGE = `${API_PREFIX.web}login`;

/** What the client shows to people; injected so the client runs (and is tested) without a DOM. */
export interface RequestUi {
  toastError(text: string, seconds: number): void;
  /** Resolves true when the user chooses to sign in again. */
  confirmRelogin(text: string): Promise<boolean>;
  /** Full page navigation, so no state of the expired session survives. */
  redirect(url: string): void;
}

export type RequestErrorKind = 'business' | 'session' | 'duplicate' | 'network' | 'timeout' | 'http';

/** Every rejection except code 432 (which rejects with the envelope itself) is one of these. */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  /** The envelope's `data` of a refused call, e.g. `{captchaRequired: true}` from the token call. */
  readonly data?: unknown;
  /** The envelope's own `msg`, where `message` is the SPEC §8 status text (401/403/404 codes). */
  readonly serverMessage?: string;
  /** The HTTP status of the answer, when there was one (429: refused for now, worth trying later). */
  readonly status?: number;
  constructor(
    message: string,
    readonly kind: RequestErrorKind,
    /** Envelope code for business errors, HTTP status for `http`. */
    readonly code?: number,
    override readonly cause?: unknown,
    details: { data?: unknown; serverMessage?: string; status?: number } = {},
  ) {
    super(message);
    this.data = details.data;
    this.serverMessage = details.serverMessage;
    this.status = details.status;
  }
}

/** Whether the client has already shown this failure as a toast (transport errors, codes 500 and 100). */
export function isShownByClient(error: unknown): boolean {
  if (!(error instanceof RequestError)) return false;
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'http') return true;
  return error.kind === 'business' && (error.code === ResultCode.error || error.code === ResultCode.legacyError);
}

/**
 * The text to show a person for a failed call: the server's own words where it gave some (a form's
 * refusal such as 账号或密码错误 or 当前系统没有开启注册功能), else the client's message.
 */
export function messageOf(error: unknown, fallback = ''): string {
  if (error instanceof RequestError) return error.serverMessage || error.message || fallback;
  if (error && typeof error === 'object' && typeof (error as { msg?: unknown }).msg === 'string') {
    return (error as { msg: string }).msg;
  }
  return error instanceof Error ? error.message || fallback : fallback;
}

export interface RequestClientOptions {
  baseURL?: string;
  timeout?: number;
  cookies: CookieJar;
  getLocale(): Locale;
  ui: RequestUi;
}

const BINARY = new Set(['blob', 'arraybuffer']);

function isEnvelope(body: unknown): body is Envelope {
  return !!body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'number';
}

/** Measurable form of a body for the duplicate check; undefined when it cannot or should not be compared. */
function comparableBody(data: unknown): string | undefined {
  if (data === undefined || data === null) return '';
  if (typeof data === 'string') return data;
  if (typeof FormData !== 'undefined' && data instanceof FormData) return undefined;
  if (typeof Blob !== 'undefined' && data instanceof Blob) return undefined;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return undefined;
  try {
    return JSON.stringify(data);
  } catch {
    return undefined;
  }
}

export function createRequestClient(options: RequestClientOptions) {
  const { cookies, getLocale, ui } = options;
  const text = (key: MessageKey, ...args: Array<string | number>) => t(key, getLocale(), ...args);
  const instance = axios.create({
    baseURL: options.baseURL ?? '',
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
    paramsSerializer: { serialize: serializeParams },
  });

  instance.interceptors.request.use((config) => {
    config.headers.set('Accept-Language', getLocale());
    const token = config.withToken === false || config.isToken === false ? undefined : readToken(cookies);
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  const recentWrites = new Map<string, { body: string; at: number }>();
  /** SPEC §5: the same POST/PUT to the same address with the same body within 1 s is refused. */
  function isDuplicateSubmit(config: AxiosRequestConfig): boolean {
    const method = (config.method ?? 'get').toLowerCase();
    if ((method !== 'post' && method !== 'put') || config.repeatSubmit === false) return false;
    const body = comparableBody(config.data);
    if (body === undefined || body.length > DUPLICATE_SUBMIT_MAX_BODY_BYTES) return false;
    const key = `${method} ${config.url ?? ''}`;
    const now = Date.now();
    const last = recentWrites.get(key);
    if (last && last.body === body && now - last.at < DUPLICATE_SUBMIT_WINDOW_MS) return true;
    recentWrites.set(key, { body, at: now });
    if (recentWrites.size > 50) {
      for (const [k, v] of recentWrites) if (now - v.at >= DUPLICATE_SUBMIT_WINDOW_MS) recentWrites.delete(k);
    }
    return false;
  }

  let reloginOpen = false;
  /** One dialog however many calls fail together; every one of them still rejects. */
  function askToSignInAgain(message: string) {
    if (reloginOpen) return;
    reloginOpen = true;
    ui.confirmRelogin(message)
      .then((confirmed) => {
        if (!confirmed) return;
        clearToken(cookies);
        ui.redirect(LOGIN_PAGE);
      })
      .catch(() => undefined)
      .finally(() => {
        reloginOpen = false;
      });
  }

  /** SPEC §8 response codes. */
  function settleEnvelope(envelope: Envelope, config: AxiosRequestConfig, status?: number): Envelope {
    const { code } = envelope;
    if (code === ResultCode.ok) return envelope;
    const details = { data: envelope.data, serverMessage: envelope.msg || undefined, status };
    if (code === ResultCode.sessionExpired) {
      const message = text('sessionExpired');
      if (config.reloginPrompt !== false) askToSignInAgain(message);
      throw new RequestError(message, 'session', code, undefined, details);
    }
    if (code === ResultCode.passThrough) throw envelope;
    const message =
      code === 401 || code === 403 || code === 404
        ? text(statusMessageKey(code))
        : envelope.msg || text('statusDefault');
    if (code === ResultCode.error || code === ResultCode.legacyError) ui.toastError(message, TOAST_SECONDS);
    throw new RequestError(message, 'business', code, undefined, details);
  }

  function settleResponse(response: AxiosResponse): unknown {
    if (BINARY.has(response.config.responseType ?? '')) return response.data;
    return isEnvelope(response.data) ? settleEnvelope(response.data, response.config, response.status) : response.data;
  }

  function settleFailure(error: unknown): never {
    if (axios.isCancel(error) || !axios.isAxiosError(error)) throw error;
    const { response } = error;
    // The server answers errors with an HTTP status *and* an envelope; the envelope says more.
    if (response && !BINARY.has(response.config.responseType ?? '') && isEnvelope(response.data)) {
      settleEnvelope(response.data, response.config, response.status);
    }
    let failure: RequestError;
    if (response) {
      failure = new RequestError(text('httpStatus', response.status), 'http', response.status, error, {
        status: response.status,
      });
    } else if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' || /timeout/i.test(error.message)) {
      failure = new RequestError(text('timeout'), 'timeout', undefined, error);
    } else {
      failure = new RequestError(text('networkError'), 'network', undefined, error);
    }
    ui.toastError(failure.message, ERROR_TOAST_SECONDS);
    throw failure;
  }

  /**
   * Sends a request and settles it per SPEC §8. Resolves with the envelope (callers read `.data`),
   * with the raw body for blob/arraybuffer responses, and with a non-envelope JSON body as is.
   */
  async function send<R = Envelope>(config: AxiosRequestConfig): Promise<R> {
    if (isDuplicateSubmit(config)) throw new RequestError(text('duplicateSubmit'), 'duplicate');
    let response: AxiosResponse;
    try {
      response = await instance.request(config);
      if (config.openResponse) response.data = await config.openResponse(response.data);
    } catch (error) {
      if (config.openResponse && axios.isAxiosError(error) && error.response) {
        error.response.data = await config.openResponse(error.response.data).catch(() => error.response?.data);
      }
      settleFailure(error);
    }
    return settleResponse(response) as R;
  }

  return {
    axios: instance,
    send,
    get: <T>(url: string, config?: AxiosRequestConfig) => send<Envelope<T>>({ ...config, method: 'get', url }),
    delete: <T>(url: string, config?: AxiosRequestConfig) => send<Envelope<T>>({ ...config, method: 'delete', url }),
    post: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
      send<Envelope<T>>({ ...config, method: 'post', url, data }),
    put: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
      send<Envelope<T>>({ ...config, method: 'put', url, data }),
    /** `application/x-www-form-urlencoded` body, nested keys as `key[sub]` (the OAuth-style account calls). */
    postUrlEncoded: <T>(url: string, data: Record<string, unknown>, config?: AxiosRequestConfig) =>
      send<Envelope<T>>({
        ...config,
        method: 'post',
        url,
        data: serializeParams(data),
        headers: { ...config?.headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
    /** A file body: resolves with the Blob untouched; errors in it are the caller's to read. */
    getBlob: (url: string, config?: AxiosRequestConfig) =>
      send<Blob>({ ...config, method: 'get', url, responseType: 'blob' }),
  };
}

export type RequestClient = ReturnType<typeof createRequestClient>;

/** Until the app mounts its antd bridge (or in a test), problems go to the console instead of a toast. */
const consoleUi: RequestUi = {
  toastError: (message) => console.error(message),
  confirmRelogin: async () => false,
  redirect: (url) => {
    if (typeof window !== 'undefined') window.location.assign(url);
  },
};
let currentUi: RequestUi = consoleUi;

/** A toast through the app's themed message API, for callers outside React (the route guard). */
export function toastError(message: string, seconds: number = TOAST_SECONDS): void {
  currentUi.toastError(message, seconds);
}

/** Called once by the app shell with antd's message/modal bound to the themed, localised context. */
export function setRequestUi(ui: RequestUi): () => void {
  currentUi = ui;
  return () => {
    if (currentUi === ui) currentUi = consoleUi;
  };
}

/** The app's client: same origin, token from the `UAC-Token` cookie, language from the settings store. */
export const request: RequestClient = createRequestClient({
  cookies: Cookies,
  getLocale: () => settingsStore.getState().locale,
  ui: {
    toastError: (message, seconds) => currentUi.toastError(message, seconds),
    confirmRelogin: (message) => currentUi.confirmRelogin(message),
    redirect: (url) => currentUi.redirect(url),
  },
});
