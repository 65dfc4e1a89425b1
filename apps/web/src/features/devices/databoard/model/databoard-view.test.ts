import { describe, expect, it } from 'vitest';
import { DEFAULT_DATABOARD_VIEW, queryOfView, viewFromQuery } from './databoard-view';

const read = (query: string, canSeeFleet = true) => viewFromQuery(new URLSearchParams(query), canSeeFleet);

describe('the dashboard view in the address', () => {
  it('reads the defaults from an empty address and writes none back', () => {
    expect(read('')).toEqual(DEFAULT_DATABOARD_VIEW);
    expect(queryOfView(read('')).toString()).toBe('');
  });

  it('round-trips the range and the scope, keeping other parameters', () => {
    const view = read('range=30d&scope=all');
    expect(view).toEqual({ range: '30d', scope: 'all' });
    expect(queryOfView(view, new URLSearchParams('tag=1')).toString()).toBe('tag=1&range=30d&scope=all');
    expect(queryOfView({ range: 'today', scope: 'mine' }, new URLSearchParams('range=30d&scope=all')).toString()).toBe(
      'range=today',
    );
  });

  it('ignores what a hand-edited address cannot mean, and every machine without the right to see them', () => {
    expect(read('range=90d&scope=everyone')).toEqual(DEFAULT_DATABOARD_VIEW);
    expect(read('scope=all', false).scope).toBe('mine');
  });
});
