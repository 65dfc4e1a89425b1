import { describe, expect, it } from 'vitest';
import { endsMaterialGroup, materialRowSpans } from './craft-grouping';

const rows = (...materials: string[]) => materials.map((material) => ({ material }));

describe('material groups', () => {
  it('gives the first row of each run the run length and hides the cell in the rest', () => {
    expect(materialRowSpans(rows('MDF', 'MDF', 'MDF', 'Acrylic', 'Steel', 'Steel'))).toEqual([3, 0, 0, 1, 2, 0]);
  });

  it('merges only neighbours, so another sort order keeps its rows where they are', () => {
    expect(materialRowSpans(rows('MDF', 'Acrylic', 'MDF'))).toEqual([1, 1, 1]);
    expect(materialRowSpans([])).toEqual([]);
  });

  it('knows where a group ends', () => {
    const list = rows('MDF', 'MDF', 'Acrylic');
    expect([0, 1, 2].map((i) => endsMaterialGroup(list, i))).toEqual([false, true, true]);
  });
});
