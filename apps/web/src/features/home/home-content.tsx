import {
  ApartmentOutlined,
  ApiOutlined,
  BgColorsOutlined,
  CloudServerOutlined,
  CloudUploadOutlined,
  ExperimentOutlined,
  HighlightOutlined,
  PictureOutlined,
  SendOutlined,
  ShopOutlined,
  SlidersOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { TranslationKey } from '../../i18n/i18n';

export interface HomeItem {
  key: string;
  icon: ReactNode;
  titleKey: TranslationKey;
  textKey: TranslationKey;
}

/** The five modules of SPEC §1, in the order a new user meets them. */
export const FEATURES: HomeItem[] = [
  {
    key: 'drive',
    icon: <CloudServerOutlined />,
    titleKey: 'home.features.drive.title',
    textKey: 'home.features.drive.text',
  },
  {
    key: 'gallery',
    icon: <PictureOutlined />,
    titleKey: 'home.features.gallery.title',
    textKey: 'home.features.gallery.text',
  },
  {
    key: 'craft',
    icon: <ExperimentOutlined />,
    titleKey: 'home.features.craft.title',
    textKey: 'home.features.craft.text',
  },
  {
    key: 'devices',
    icon: <ApiOutlined />,
    titleKey: 'home.features.devices.title',
    textKey: 'home.features.devices.text',
  },
  {
    key: 'editor',
    icon: <HighlightOutlined />,
    titleKey: 'home.features.editor.title',
    textKey: 'home.features.editor.text',
  },
];

export const WORKFLOW: HomeItem[] = [
  {
    key: 'upload',
    icon: <CloudUploadOutlined />,
    titleKey: 'home.workflow.upload.title',
    textKey: 'home.workflow.upload.text',
  },
  {
    key: 'design',
    icon: <HighlightOutlined />,
    titleKey: 'home.workflow.design.title',
    textKey: 'home.workflow.design.text',
  },
  {
    key: 'craft',
    icon: <SlidersOutlined />,
    titleKey: 'home.workflow.craft.title',
    textKey: 'home.workflow.craft.text',
  },
  { key: 'send', icon: <SendOutlined />, titleKey: 'home.workflow.send.title', textKey: 'home.workflow.send.text' },
];

export const AUDIENCE: HomeItem[] = [
  {
    key: 'operators',
    icon: <ToolOutlined />,
    titleKey: 'home.audience.operators.title',
    textKey: 'home.audience.operators.text',
  },
  { key: 'shops', icon: <ShopOutlined />, titleKey: 'home.audience.shops.title', textKey: 'home.audience.shops.text' },
  {
    key: 'factories',
    icon: <ApartmentOutlined />,
    titleKey: 'home.audience.factories.title',
    textKey: 'home.audience.factories.text',
  },
  {
    key: 'designers',
    icon: <BgColorsOutlined />,
    titleKey: 'home.audience.designers.title',
    textKey: 'home.audience.designers.text',
  },
];
