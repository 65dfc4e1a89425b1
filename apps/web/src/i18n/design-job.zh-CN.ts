/** 设计编辑器的文字：job（design-job.en.ts 与此键相同）。 */
export const designJobZhCN = {
  title: 'job',
};
