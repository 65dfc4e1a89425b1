/** Business constants and limits of SPEC §9, one source for server and web. */
export const API_PREFIX = { web: '/web/', cloud: '/cloud-api', uac: '/uac-api' } as const;

/** Default request timeout (SPEC §7). */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Transport error toasts stay this long (SPEC §8). */
export const ERROR_TOAST_SECONDS = 5;
/** The stored token cookie (SPEC §3). */
export const TOKEN_COOKIE = 'UAC-Token';

export const THEME_COLOR = '#86A500';

export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const DRIVE_PAGE_LIMIT = 20;
export const PAGER_COUNT = 7;
export const PAGER_COUNT_NARROW = 5;
export const NARROW_WIDTH = 992;
export const SCROLL_TO_TOP_MS = 800;
export const SIZE_UNIT = 1024;

export const DUPLICATE_SUBMIT_WINDOW_MS = 1000;
export const DUPLICATE_SUBMIT_MAX_BODY_BYTES = 5 * 1024 * 1024;
/** Locally stored state expires after this long (SPEC §9). */
export const LOCAL_STATE_TTL_MINUTES = 1440;

/** Ordinary toasts (success, business errors) stay about this long (SPEC §9). */
export const TOAST_SECONDS = 1.5;
