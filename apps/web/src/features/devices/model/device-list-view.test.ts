import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  clearedFilters,
  DEFAULT_DEVICE_LIST_VIEW,
  listQueryOf,
  queryOfView,
  viewFromQuery,
  withFilters,
  withScope,
} from './device-list-view';

const view = (query: string) => viewFromQuery(new URLSearchParams(query));

describe('device list filters in the address', () => {
  it('reads the defaults from an empty address and writes none back', () => {
    expect(view('')).toEqual({ ...DEFAULT_DEVICE_LIST_VIEW });
    expect(queryOfView(view('')).toString()).toBe('');
  });

  it('round-trips the state, model, words, scope and page', () => {
    const read = view('state=running&model=K-01&keyword=%E5%88%87%E5%89%B2%E6%9C%BA&scope=all&page=3&limit=50');
    expect(read).toEqual({ state: 'running', model: 'K-01', keyword: '切割机', scope: 'all', page: 3, limit: 50 });
    expect(view(queryOfView(read).toString())).toEqual(read);
  });

  it('ignores what a hand-edited address cannot mean', () => {
    expect(view('state=sleeping&scope=everyone&page=0&limit=7&keyword=%20%20')).toEqual({
      ...DEFAULT_DEVICE_LIST_VIEW,
    });
    expect(view('page=2.5').page).toBe(1);
    expect(view(`keyword=${'k'.repeat(80)}`).keyword).toHaveLength(64);
  });

  it('goes back to the first page when a filter or the scope changes', () => {
    const paged = view('state=idle&model=K-01&page=4');
    const next = withFilters(paged, { state: undefined, keyword: 'A1' });
    expect(next).toEqual({ ...DEFAULT_DEVICE_LIST_VIEW, model: 'K-01', keyword: 'A1' });
    expect(activeFilterCount(next)).toBe(2);
    expect(withScope(paged, 'all')).toEqual({ ...DEFAULT_DEVICE_LIST_VIEW, state: 'idle', scope: 'all' });
    expect(clearedFilters({ ...paged, limit: 20 })).toEqual({ scope: 'mine', page: 1, limit: 20 });
  });

  it('asks for every machine only when the person may see the fleet', () => {
    const all = view('scope=all&state=offline');
    expect(listQueryOf(all, true)).toEqual({ scope: 'all', state: 'offline', page: 1, limit: 10 });
    expect(listQueryOf(all, false)).toEqual({ scope: 'mine', state: 'offline', page: 1, limit: 10 });
  });
});
