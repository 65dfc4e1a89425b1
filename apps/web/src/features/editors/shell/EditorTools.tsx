import {
  BgColorsOutlined,
  CloseOutlined,
  ColumnWidthOutlined,
  EditOutlined,
  EyeOutlined,
  FontSizeOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { Button, Segmented, Select, Switch, Tooltip } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type EditorSettings,
  editorSettingsStore,
  FONT_SIZES,
  type MarkdownLayout,
} from '../model/editor-settings-store';
import { EDITOR_THEMES } from '../model/editor-themes';

const isMac = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** The editor's options: font size, theme, line wrapping, and for markdown the layout. */
export function EditorOptions({
  settings,
  markdown,
}: {
  settings: EditorSettings;
  /** Markdown only: the layout shown and how to change it; `readOnly` names the text pane "source". */
  markdown?: { layout: MarkdownLayout; readOnly: boolean; narrow: boolean; onLayout(layout: MarkdownLayout): void };
}) {
  const { t } = useTranslation();
  const wrapId = useId();
  const light = EDITOR_THEMES.filter((theme) => !theme.dark);
  const dark = EDITOR_THEMES.filter((theme) => theme.dark);
  const themeLabel = (id: string, label: string) => (id === 'default' ? t('editors.editor.themeDefault') : label);
  const layouts = (['edit', 'split', 'preview'] as const).filter((layout) => layout !== 'split' || !markdown?.narrow);

  return (
    <div className="editor-options">
      {markdown ? (
        <Segmented<MarkdownLayout>
          size="small"
          aria-label={t('editors.markdown.layout')}
          value={markdown.layout === 'split' && markdown.narrow ? 'edit' : markdown.layout}
          onChange={markdown.onLayout}
          options={layouts.map((layout) => ({
            value: layout,
            icon: layout === 'edit' ? <EditOutlined /> : layout === 'split' ? <ColumnWidthOutlined /> : <EyeOutlined />,
            label:
              layout === 'edit' && markdown.readOnly ? t('editors.markdown.source') : t(`editors.markdown.${layout}`),
          }))}
        />
      ) : null}
      <Select
        size="small"
        className="editor-options__font"
        aria-label={t('editors.editor.fontSize')}
        prefix={<FontSizeOutlined aria-hidden />}
        value={settings.fontSize}
        onChange={editorSettingsStore.setFontSize}
        options={FONT_SIZES.map((size) => ({ value: size, label: t('editors.editor.fontSizeValue', { size }) }))}
        popupMatchSelectWidth={false}
      />
      <Select
        size="small"
        className="editor-options__theme"
        aria-label={t('editors.editor.theme')}
        prefix={<BgColorsOutlined aria-hidden />}
        value={settings.theme}
        onChange={editorSettingsStore.setTheme}
        showSearch={{ optionFilterProp: 'label' }}
        popupMatchSelectWidth={false}
        listHeight={360}
        options={[
          {
            label: t('editors.editor.lightThemes'),
            title: t('editors.editor.lightThemes'),
            options: light.map((theme) => ({ value: theme.id, label: themeLabel(theme.id, theme.label) })),
          },
          {
            label: t('editors.editor.darkThemes'),
            title: t('editors.editor.darkThemes'),
            options: dark.map((theme) => ({ value: theme.id, label: theme.label })),
          },
        ]}
      />
      <span className="editor-options__wrap">
        <Switch
          id={wrapId}
          size="small"
          checked={settings.lineWrapping}
          onChange={editorSettingsStore.setLineWrapping}
        />
        <label htmlFor={wrapId}>{t('editors.editor.wrap')}</label>
      </span>
    </div>
  );
}

/** Save (only for an editable file), edit (for a file opened read-only that may be edited) and close. */
export function EditorActions({
  canEdit,
  onEdit,
  modified,
  saving,
  onSave,
  onClose,
}: {
  canEdit: boolean;
  /** Switches a read-only view to editing; absent when the file may not be edited. */
  onEdit?(): void;
  modified: boolean;
  saving: boolean;
  onSave(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const keys = isMac() ? '⌘S' : 'Ctrl+S';
  return (
    <div className="editor-actions">
      {canEdit ? (
        <Tooltip title={t('editors.editor.saveKeys', { keys })} mouseEnterDelay={0.4}>
          <Button
            type="primary"
            size="small"
            icon={<SaveOutlined />}
            disabled={!modified && !saving}
            loading={saving}
            onClick={onSave}
            aria-keyshortcuts={isMac() ? 'Meta+S' : 'Control+S'}
          >
            {t('editors.editor.save')}
          </Button>
        </Tooltip>
      ) : null}
      {onEdit ? (
        <Button size="small" icon={<EditOutlined />} onClick={onEdit}>
          {t('editors.editor.edit')}
        </Button>
      ) : null}
      <Tooltip title={t('editors.editor.closeKeys')} mouseEnterDelay={0.4}>
        <Button
          type="text"
          size="small"
          className="editor-actions__close"
          icon={<CloseOutlined />}
          aria-label={t('editors.editor.close')}
          aria-keyshortcuts="Escape"
          onClick={onClose}
        />
      </Tooltip>
    </div>
  );
}
