import type { designArrayZhCN } from './design-array.zh-CN';

/** English texts of the design editor: array; same keys as design-array.zh-CN.ts. */
export const designArrayEn: typeof designArrayZhCN = {
  title: 'array',
};
