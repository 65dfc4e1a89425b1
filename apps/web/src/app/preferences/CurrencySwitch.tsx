import { DownOutlined } from '@ant-design/icons';
import { CURRENCIES, type Currency } from '@kerf/contract';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { settingsStore, useSettings } from '../../stores/settings-store';

export const CURRENCY_SYMBOLS: Record<Currency, string> = { CNY: '¥', USD: '$' };

/** CNY / USD for prices in the store and trade centre, remembered in this browser. */
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
