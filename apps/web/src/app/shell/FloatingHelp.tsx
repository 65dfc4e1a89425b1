import { MacCommandOutlined, QuestionOutlined } from '@ant-design/icons';
import { SCROLL_TO_TOP_MS } from '@kerf/contract';
import { FloatButton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CustomerChatHost } from '../../features/support/chat/CustomerChatHost';
import { useCustomerUnread } from '../../features/support/chat/hooks/use-customer-chat';
import { floatingHelpItems } from './floating-help-items';
import { useShownPageShortcuts } from './page-shortcuts';
import './floating-help.css';

/**
 * Bottom-right on every page: the help menu, and beside it a back-to-top button once the page scrolls.
 * A page with keyboard shortcuts adds an entry that lists them.
 */
export function FloatingHelp() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const openShortcuts = useShownPageShortcuts();
  // unread answers of customer service show on the button, and on the chat item inside
  const unread = useCustomerUnread();
  const unreadBadge =
    unread > 0 ? { count: unread, title: t('supportChat.unreadBadge', { count: unread }) } : undefined;
  return (
    <>
      <FloatButton.BackTop
        duration={SCROLL_TO_TOP_MS}
        tooltip={t('floatHelp.backTop')}
        aria-label={t('floatHelp.backTop')}
        className="floating-help-top"
      />
      <FloatButton.Group
        trigger="click"
        type="primary"
        open={open}
        onOpenChange={setOpen}
        icon={<QuestionOutlined />}
        tooltip={{ title: t('floatHelp.menu'), placement: 'left' }}
        aria-label={t('floatHelp.menu')}
        className="floating-help"
        badge={open ? undefined : unreadBadge}
      >
        {floatingHelpItems.map((item) => (
          <FloatButton
            key={item.key}
            icon={item.icon}
            tooltip={{ title: t(item.labelKey), placement: 'left' }}
            aria-label={t(item.labelKey)}
            badge={item.key === 'chat' ? unreadBadge : undefined}
            onClick={() => {
              setOpen(false);
              item.onSelect(navigate);
            }}
          />
        ))}
        {openShortcuts ? (
          <FloatButton
            icon={<MacCommandOutlined />}
            tooltip={{ title: t('floatHelp.shortcuts'), placement: 'left' }}
            aria-label={t('floatHelp.shortcuts')}
            onClick={() => {
              setOpen(false);
              openShortcuts();
            }}
          />
        ) : null}
      </FloatButton.Group>
      <CustomerChatHost />
    </>
  );
}
