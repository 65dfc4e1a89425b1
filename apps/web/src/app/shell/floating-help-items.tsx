import { BookOutlined, CustomerServiceOutlined, FormOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { NavigateFunction } from 'react-router';
import { openCustomerChat } from '../../features/support/chat/customer-chat-instance';
import type { TranslationKey } from '../../i18n/i18n';

export interface FloatingHelpItem {
  key: string;
  icon: ReactNode;
  labelKey: TranslationKey;
  onSelect(navigate: NavigateFunction): void;
}

/**
 * Items of the floating help menu (SPEC §1: usage help and online customer-service chat; the chat
 * opens its panel over the page rather than navigating).
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
  {
    key: 'feedback',
    icon: <FormOutlined />,
    labelKey: 'supportFeedback.floatItem',
    onSelect: (navigate) => {
      void navigate('/feedback');
    },
  },
  {
    key: 'chat',
    icon: <CustomerServiceOutlined />,
    labelKey: 'supportChat.floatItem',
    onSelect: () => openCustomerChat(),
  },
];
