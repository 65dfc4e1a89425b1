import { BookOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { NavigateFunction } from 'react-router';
import type { TranslationKey } from '../../i18n/i18n';

export interface FloatingHelpItem {
  key: string;
  icon: ReactNode;
  labelKey: TranslationKey;
  onSelect(navigate: NavigateFunction): void;
}

/**
 * Items of the floating help menu (SPEC §1: usage help and online customer-service chat). The chat
 * item joins this list when the customer-service feature exists; until then there is no pretend chat.
 */
export const floatingHelpItems: FloatingHelpItem[] = [
  {
    key: 'help',
    icon: <BookOutlined />,
    labelKey: 'floatHelp.help',
    onSelect: (navigate) => {
      void navigate('/help');
    },
  },
];
