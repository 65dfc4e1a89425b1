import { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES, type FeedbackCategory, type FeedbackStatus } from '@kerf/contract';

/** Tag colours of the states: waiting stands out, being handled is the theme's blue, done is calm. */
export const STATUS_COLORS: Record<FeedbackStatus, string> = {
  new: 'gold',
  in_progress: 'processing',
  resolved: 'success',
  closed: 'default',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The feedback `?id=` opens (a notice's link), or null for none or something that is no id. */
export function openedFeedbackId(search: string | URLSearchParams): string | null {
  const id = (typeof search === 'string' ? new URLSearchParams(search) : search).get('id')?.trim() ?? '';
  return UUID.test(id) ? id.toLowerCase() : null;
}

export interface TriageFilters {
  status?: string;
  category?: string;
  q?: string;
}

/** The filters as the list call takes them: known values only, words trimmed, nothing empty. */
export function triageQueryOf(filters: TriageFilters): {
  status?: FeedbackStatus;
  category?: FeedbackCategory;
  q?: string;
} {
  const q = filters.q?.trim();
  return {
    ...((FEEDBACK_STATUSES as readonly string[]).includes(filters.status ?? '')
      ? { status: filters.status as FeedbackStatus }
      : {}),
    ...((FEEDBACK_CATEGORIES as readonly string[]).includes(filters.category ?? '')
      ? { category: filters.category as FeedbackCategory }
      : {}),
    ...(q ? { q: q.slice(0, 100) } : {}),
  };
}

/** The start of a text on one line, cut at `max` characters with an ellipsis. */
export function excerpt(text: string, max: number): string {
  const characters = [...text.replace(/\s+/g, ' ').trim()];
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : characters.join('');
}

/** The state buttons staff see: every state but the current one, in the order work goes. */
export function statusChoices(current: FeedbackStatus): FeedbackStatus[] {
  return FEEDBACK_STATUSES.filter((status) => status !== current);
}
