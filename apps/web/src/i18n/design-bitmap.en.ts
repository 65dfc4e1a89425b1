import type { designBitmapZhCN } from './design-bitmap.zh-CN';

/** English texts of the design editor: bitmap; same keys as design-bitmap.zh-CN.ts. */
export const designBitmapEn: typeof designBitmapZhCN = {
  title: 'bitmap',
};
