/** 设计编辑器的文字：bitmap（design-bitmap.en.ts 与此键相同）。 */
export const designBitmapZhCN = {
  title: 'bitmap',
};
