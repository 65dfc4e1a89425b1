import type { designArrayZhCN } from './design-array.zh-CN';

/** English texts of the design editor: array; same keys as design-array.zh-CN.ts. */
export const designArrayEn: typeof designArrayZhCN = {
  title: 'Array',
  editTitle: 'Edit array',
  open: 'Array…',
  breakApart: 'Break apart array',
  grid: 'Grid',
  circular: 'Circular',
  rows: 'Rows',
  columns: 'Columns',
  rowSpacing: 'Row spacing',
  columnSpacing: 'Column spacing',
  count: 'Copies',
  radius: 'Radius',
  rotate: 'Rotate copies (face outward)',
  copies: '{{count}} copies in all',
  spacingHint: 'Spacing is the gap between neighbouring copies’ boxes',
  ok: 'OK',
  cancel: 'Cancel',
  needsShape: 'Select the shapes to repeat first',
  notArray: 'The selection is not an array',
  history: {
    make: 'array',
    edit: 'edit array',
  },
};
