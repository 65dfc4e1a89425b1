import {
  CompressOutlined,
  ExpandOutlined,
  FileAddOutlined,
  HistoryOutlined,
  ImportOutlined,
  QuestionCircleOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { KerfLogo } from '../../../app/brand/KerfLogo';
import { LanguageSwitch } from '../../../app/preferences/LanguageSwitch';
import { useOfferShortcuts } from '../../../app/shell/page-shortcuts';
import type { designZhCN } from '../../../i18n/design.zh-CN';
import { useStore } from '../../../stores/create-store';
import { designPathFor } from '../design-path';
import { COMPACT_CLASSES, useCompactHeader } from '../hooks/use-compact-header';
import { useConfirm } from '../hooks/use-confirm';
import { useEditor, useEditorState } from '../hooks/use-editor';
import { startNewDrawing } from '../model/actions/document-actions';
import { zoomBy, zoomToFit, zoomToSelection } from '../model/actions/selection-actions';
import { IMPORT_ACCEPT } from '../model/import/import-drawing';
import { driveCopyStore, recentStorage } from '../save/drive-copy-store';
import { readRecent } from '../save/recent-documents';
import { JobButtons } from './job/JobButtons';
import { PluginsMenu } from './plugins/PluginsMenu';
import { ShortcutsDialog } from './ShortcutsDialog';

type HistoryKey = keyof (typeof designZhCN)['history'];

/**
 * The editor's top bar: back to Kerf, the drawing's name, new, save, recent, import and plugins, undo and
 * redo, zoom, the job, shortcuts, language. Too narrow for its labels, it shows icons (see use-compact-header).
 */
export function DesignHeader({
  onImport,
  onImportFromDrive,
  onSave,
  saving,
}: {
  onImport(files: File[]): void;
  onImportFromDrive(): void;
  onSave(): void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const editor = useEditor();
  // the history lives beside the state; each change bumps docVersion, which re-reads it
  useEditorState((s) => s.docVersion);
  const docName = useEditorState((s) => s.doc.meta.name);
  const copy = useStore(driveCopyStore, (c) => c);
  const name = copy?.fileName ?? docName;
  const [help, setHelp] = useState(false);
  const showShortcuts = useCallback(() => setHelp(true), []);
  useOfferShortcuts(showShortcuts);
  const picker = useRef<HTMLInputElement>(null);
  const header = useRef<HTMLElement>(null);
  const compaction = useCompactHeader(header);
  const navigate = useNavigate();
  const [recent, setRecent] = useState(() => readRecent(recentStorage));
  const { history } = editor.store;
  // a feature with its own catalogue labels its steps with a full key (`design.array.history.make`)
  const what = (label: string | undefined) =>
    !label ? '' : label.includes('.') ? t(label as never) : t(`design.history.${label as HistoryKey}`);
  const undoTitle = history.canUndo
    ? t('design.menu.undoWhat', { what: what(history.undoLabel) })
    : t('design.menu.undo');
  const redoTitle = history.canRedo
    ? t('design.menu.redoWhat', { what: what(history.redoLabel) })
    : t('design.menu.redo');
  return (
    <header ref={header} className={`design-header ${COMPACT_CLASSES[compaction]}`.trim()}>
      <Link to="/workbench?fileType=0" className="design-header__brand" aria-label="Kerf">
        <KerfLogo size={24} />
      </Link>
      <span className="design-header__name">{name || t('design.untitled')}</span>
      <span className="design-header__group design-header__group--file">
        <Tooltip title={t('design.menu.newDrawing')}>
          <Button
            type="text"
            icon={<FileAddOutlined />}
            aria-label={t('design.menu.newDrawing')}
            onClick={async () => {
              // the drawing on the canvas goes: ask unless it is empty
              const clear =
                editor.doc.shapes.length === 0 ||
                (await confirm({
                  title: t('design.newDrawing.title'),
                  content: t('design.newDrawing.text'),
                  okText: t('design.newDrawing.ok'),
                }));
              if (!clear) return;
              startNewDrawing(editor);
              // the next save asks for a name and a folder rather than overwriting the old file
              driveCopyStore.setState(null);
            }}
          />
        </Tooltip>
        <Tooltip title={`${t('design.save.title')} (Ctrl+S)`}>
          <Button type="text" icon={<SaveOutlined />} loading={saving} onClick={onSave}>
            {t('design.save.button')}
          </Button>
        </Tooltip>
        <Dropdown
          trigger={['click']}
          onOpenChange={(open) => open && setRecent(readRecent(recentStorage))}
          menu={{
            items: recent.length
              ? recent.map((d) => ({
                  key: d.userFileId,
                  label: `${d.folderPath === '/' ? '' : d.folderPath}/${d.fileName}`,
                }))
              : [{ key: 'none', label: t('design.recent.none'), disabled: true }],
            onClick: async ({ key }) => {
              const doc = recent.find((d) => d.userFileId === key);
              if (!doc) return;
              // the drawing on the canvas is replaced: ask unless it is empty
              const open =
                editor.doc.shapes.length === 0 ||
                (await confirm({
                  title: t('design.recent.replaceTitle', { name: doc.fileName }),
                  content: t('design.recent.replaceText'),
                  okText: t('design.recent.open'),
                }));
              if (open) {
                void navigate(
                  designPathFor({ userFileId: doc.userFileId, folderId: doc.folderId, filePath: doc.folderPath }),
                );
              }
            },
          }}
        >
          <Button type="text" icon={<HistoryOutlined />} title={t('design.recent.button')}>
            {t('design.recent.button')}
          </Button>
        </Dropdown>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'computer', label: t('design.import.fromComputer') },
              { key: 'drive', label: t('design.import.fromDrive') },
            ],
            onClick: ({ key }) => (key === 'drive' ? onImportFromDrive() : picker.current?.click()),
          }}
        >
          <Button type="text" icon={<ImportOutlined />} title={t('design.import.hint')}>
            {t('design.import.button')}
          </Button>
        </Dropdown>
        <PluginsMenu />
        <input
          ref={picker}
          type="file"
          hidden
          multiple
          accept={IMPORT_ACCEPT}
          data-testid="design-import-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) onImport(files);
          }}
        />
      </span>
      <span className="design-header__group">
        <Tooltip title={`${undoTitle} (Ctrl+Z)`}>
          <Button
            type="text"
            aria-label={t('design.menu.undo')}
            icon={<UndoOutlined />}
            disabled={!history.canUndo}
            onClick={() => editor.store.undo()}
          />
        </Tooltip>
        <Tooltip title={`${redoTitle} (Ctrl+Shift+Z)`}>
          <Button
            type="text"
            aria-label={t('design.menu.redo')}
            icon={<RedoOutlined />}
            disabled={!history.canRedo}
            onClick={() => editor.store.redo()}
          />
        </Tooltip>
      </span>
      <span className="design-header__group">
        <Tooltip title={`${t('design.menu.zoomOut')} (Ctrl+−)`}>
          <Button
            type="text"
            aria-label={t('design.menu.zoomOut')}
            icon={<ZoomOutOutlined />}
            onClick={() => zoomBy(editor, -1)}
          />
        </Tooltip>
        <Tooltip title={`${t('design.menu.zoomIn')} (Ctrl+=)`}>
          <Button
            type="text"
            aria-label={t('design.menu.zoomIn')}
            icon={<ZoomInOutlined />}
            onClick={() => zoomBy(editor, 1)}
          />
        </Tooltip>
        <Tooltip title={`${t('design.menu.zoomFit')} (Shift+1)`}>
          <Button
            type="text"
            aria-label={t('design.menu.zoomFit')}
            icon={<CompressOutlined />}
            onClick={() => zoomToFit(editor)}
          />
        </Tooltip>
        <Tooltip title={`${t('design.menu.zoomSelection')} (Shift+2)`}>
          <Button
            type="text"
            aria-label={t('design.menu.zoomSelection')}
            icon={<ExpandOutlined />}
            onClick={() => zoomToSelection(editor)}
          />
        </Tooltip>
      </span>
      <JobButtons />
      <span className="design-header__spacer" />
      <Tooltip title={t('design.menu.shortcuts')}>
        <Button
          type="text"
          aria-label={t('design.menu.shortcuts')}
          icon={<QuestionCircleOutlined />}
          onClick={() => setHelp(true)}
        />
      </Tooltip>
      <LanguageSwitch />
      {help ? <ShortcutsDialog onClose={() => setHelp(false)} /> : null}
    </header>
  );
}
