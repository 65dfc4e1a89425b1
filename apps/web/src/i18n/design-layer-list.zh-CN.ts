/** 设计编辑器的文字：layerList（design-layer-list.en.ts 与此键相同）。 */
export const designLayerListZhCN = {
  title: 'layerList',
};
