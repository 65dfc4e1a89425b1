import type { designLayerListZhCN } from './design-layer-list.zh-CN';

/** English texts of the design editor: layerList; same keys as design-layer-list.zh-CN.ts. */
export const designLayerListEn: typeof designLayerListZhCN = {
  title: 'layerList',
};
