import { CheckOutlined, UndoOutlined } from '@ant-design/icons';
import { App, Button, ColorPicker, Divider, Drawer, Switch, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/i18n';
import { type LayoutSetting, settingsStore, THEME_PRESETS, useSettings } from '../../stores/settings-store';

type ToggleKey = 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'dynamicTitle';

const TOGGLES: Array<{ key: ToggleKey; labelKey: TranslationKey }> = [
  { key: 'tagsView', labelKey: 'settings.tagsView' },
  { key: 'fixedHeader', labelKey: 'settings.fixedHeader' },
  { key: 'sidebarLogo', labelKey: 'settings.sidebarLogo' },
  { key: 'dynamicTitle', labelKey: 'settings.dynamicTitle' },
];

const SIDE_THEMES: Array<{ value: LayoutSetting['sideTheme']; labelKey: TranslationKey }> = [
  { value: 'dark', labelKey: 'settings.sideDark' },
  { value: 'light', labelKey: 'settings.sideLight' },
];

function ToggleRow({ setting, labelKey }: { setting: ToggleKey; labelKey: TranslationKey }) {
  const { t } = useTranslation();
  const id = useId();
  const checked = useSettings((s) => s.layout[setting]);
  return (
    <div className="settings-row">
      <label htmlFor={id}>{t(labelKey)}</label>
      <Switch
        id={id}
        checked={checked}
        aria-label={t(labelKey)}
        onChange={(value) => settingsStore.updateLayout({ [setting]: value })}
      />
    </div>
  );
}

/** The layout settings of SPEC §1; each change applies at once and is kept under `layout-setting`. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const layout = useSettings((s) => s.layout);
  return (
    <Drawer
      title={t('settings.title')}
      open={open}
      onClose={onClose}
      size={300}
      className="settings-drawer"
      footer={
        <Button
          block
          icon={<UndoOutlined />}
          onClick={() => {
            settingsStore.resetLayout();
            void message.success(t('settings.resetDone'));
          }}
        >
          {t('settings.reset')}
        </Button>
      }
    >
      <Typography.Title level={5} className="settings-heading">
        {t('settings.styleSection')}
      </Typography.Title>
      <fieldset className="side-theme-options">
        <legend className="visually-hidden">{t('settings.sideTheme')}</legend>
        {SIDE_THEMES.map(({ value, labelKey }) => {
          const selected = layout.sideTheme === value;
          return (
            <label key={value} title={t(labelKey)} className="side-theme-choice">
              <input
                type="radio"
                name="side-theme"
                value={value}
                checked={selected}
                aria-label={t(labelKey)}
                className="visually-hidden"
                onChange={() => settingsStore.updateLayout({ sideTheme: value })}
              />
              <span className={`side-theme-option side-theme-option--${value}${selected ? ' is-selected' : ''}`}>
                <span className="side-theme-option__side" />
                <span className="side-theme-option__head" />
                {selected ? <CheckOutlined className="side-theme-option__check" /> : null}
              </span>
              <span className="side-theme-choice__caption" aria-hidden="true">
                {t(labelKey)}
              </span>
            </label>
          );
        })}
      </fieldset>

      <div className="settings-row">
        <span id="settings-theme-colour">{t('settings.themeColour')}</span>
        <ColorPicker
          value={layout.theme}
          disabledAlpha
          showText
          aria-labelledby="settings-theme-colour"
          presets={[{ label: t('settings.presets'), colors: [...THEME_PRESETS], defaultOpen: true }]}
          onChangeComplete={(colour) => settingsStore.updateLayout({ theme: colour.toHexString().toUpperCase() })}
        />
      </div>

      <Divider />
      <Typography.Title level={5} className="settings-heading">
        {t('settings.layoutSection')}
      </Typography.Title>
      {TOGGLES.map(({ key, labelKey }) => (
        <ToggleRow key={key} setting={key} labelKey={labelKey} />
      ))}
      <Typography.Paragraph type="secondary" className="settings-hint">
        {t('settings.savedHint')}
      </Typography.Paragraph>
    </Drawer>
  );
}
