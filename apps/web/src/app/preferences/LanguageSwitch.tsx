import { DownOutlined, TranslationOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@kerf/contract';
import { Button, type ButtonProps, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../i18n/i18n';
import { settingsStore, useSettings } from '../../stores/settings-store';

/** 中文 / English, remembered in this browser. */
export function LanguageSwitch({ type = 'text', compact = false }: { type?: ButtonProps['type']; compact?: boolean }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: LOCALES.map((l) => ({ key: l, label: LANGUAGE_NAMES[l], lang: l })),
        onClick: ({ key }) => settingsStore.setLocale(key as Locale),
      }}
    >
      <Button type={type} icon={<TranslationOutlined />} aria-label={t('nav.language')} title={t('nav.language')}>
        {compact ? null : (
          <>
            {LANGUAGE_NAMES[locale]} <DownOutlined className="switch-caret" />
          </>
        )}
      </Button>
    </Dropdown>
  );
}
