import type { designJobZhCN } from './design-job.zh-CN';

/** English texts of the design editor: job; same keys as design-job.zh-CN.ts. */
export const designJobEn: typeof designJobZhCN = {
  title: 'job',
};
