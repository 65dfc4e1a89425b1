/** 设计编辑器的文字：array（design-array.en.ts 与此键相同）。 */
export const designArrayZhCN = {
  title: 'array',
};
