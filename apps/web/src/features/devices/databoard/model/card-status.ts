/** What a card can show: its data, or why there is none. */
export type CardStatus = 'loading' | 'failed' | 'empty' | 'ready';

/**
 * A card's status from its query. Figures already on screen stay there when a background refresh
 * fails (the request client has said so in a toast); only a card with nothing to show says it failed.
 */
export function cardStatus<T>(query: { data?: T; isError: boolean }, isEmpty: (data: T) => boolean): CardStatus {
  if (query.data === undefined) return query.isError ? 'failed' : 'loading';
  return isEmpty(query.data) ? 'empty' : 'ready';
}
