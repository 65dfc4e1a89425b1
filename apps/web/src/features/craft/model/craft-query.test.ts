import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  clearedFilters,
  DEFAULT_CRAFT_VIEW,
  listQueryOf,
  queryOfView,
  viewFromQuery,
  withFilters,
} from './craft-query';

const view = (query: string) => viewFromQuery(new URLSearchParams(query));

describe('craft filters in the address', () => {
  it('reads the defaults from an empty address and writes none back', () => {
    expect(view('')).toEqual({ ...DEFAULT_CRAFT_VIEW });
    expect(queryOfView(view('')).toString()).toBe('');
  });

  it('round-trips every filter, the page and the sort', () => {
    const query =
      'material=%E4%BA%9A%E5%85%8B%E5%8A%9B+Cast+acrylic&thicknessMin=2&thicknessMax=5.5&machineModel=K-01' +
      '&laserType=fiber&powerClass=30&keyword=%E5%88%87%E5%89%B2&page=3&limit=50&sort=thickness&order=desc';
    const read = view(query);
    expect(read).toEqual({
      material: '亚克力 Cast acrylic',
      thicknessMin: 2,
      thicknessMax: 5.5,
      machineModel: 'K-01',
      laserType: 'fiber',
      powerClass: 30,
      keyword: '切割',
      page: 3,
      limit: 50,
      sort: 'thickness',
      order: 'desc',
    });
    expect(view(queryOfView(read).toString())).toEqual(read);
  });

  it('ignores values a hand-edited address cannot mean', () => {
    expect(view('laserType=diode&powerClass=-3&thicknessMin=abc&limit=7&sort=colour&page=0&keyword=%20%20')).toEqual({
      ...DEFAULT_CRAFT_VIEW,
    });
    expect(view('thicknessMax=101').thicknessMax).toBeUndefined();
    expect(view('powerClass=60.7').powerClass).toBe(60);
  });

  it('goes back to the first page when a filter changes, and drops emptied filters', () => {
    const paged = { ...view('material=MDF&page=4') };
    const next = withFilters(paged, { material: '', laserType: 'gas' });
    expect(next).toEqual({ ...DEFAULT_CRAFT_VIEW, laserType: 'gas' });
    expect(activeFilterCount(next)).toBe(1);
    expect(clearedFilters({ ...view('keyword=a&limit=10&sort=name'), page: 2 })).toEqual({
      page: 1,
      limit: 10,
      sort: 'name',
      order: 'asc',
    });
  });

  it('asks the server with a thickness range typed backwards turned round', () => {
    expect(listQueryOf('personal', view('thicknessMin=6&thicknessMax=2'))).toMatchObject({
      library: 'personal',
      thicknessMin: 2,
      thicknessMax: 6,
      page: 1,
      limit: 20,
      sort: 'material',
      order: 'asc',
    });
  });
});
