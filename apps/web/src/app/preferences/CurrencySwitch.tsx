import { DownOutlined } from '@ant-design/icons';
import { CURRENCIES, type Currency } from '@kerf/contract';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { settingsStore, useSettings } from '../../stores/settings-store';

export const CURRENCY_SYMBOLS: Record<Currency, string> = { CNY: '¥', USD: '$' };

/**
 * CNY / USD, remembered in this browser: the currency a new object's price is asked in. Prices already
 * set stay in their designer's currency (there is no exchange rate to convert them by).
 */
export function CurrencySwitch() {
  const { t } = useTranslation();
  const currency = useSettings((s) => s.currency);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [currency],
        items: CURRENCIES.map((c) => ({ key: c, label: `${CURRENCY_SYMBOLS[c]} ${t(`currency.${c}`)}` })),
        onClick: ({ key }) => settingsStore.setCurrency(key as Currency),
      }}
    >
      <Button type="text" aria-label={t('nav.currency')} title={t('nav.currency')}>
        <span className="currency-symbol">{CURRENCY_SYMBOLS[currency]}</span> {currency}{' '}
        <DownOutlined className="switch-caret" />
      </Button>
    </Dropdown>
  );
}
