import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Result, Spin, Tag, Tooltip } from 'antd';
import { sha256 } from 'hash-wasm';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isShownByClient } from '../../api/request';
import { startDownload } from '../../api/transfer-api';
import { useMediaQuery } from '../../app/media/use-media-query';
import { useStore } from '../../stores/create-store';
import { FileIcon } from '../drive/components/FileIcon';
import { CodeEditorView, type CursorInfo } from './codemirror/CodeEditorView';
import { fetchFileContent, type ShareAccess, saveFileContent } from './editors-api';
import { MarkdownPreview } from './markdown/MarkdownPreview';
import { EDITOR_MODES, editorModeFor } from './model/editor-modes';
import { editorSettingsStore, type MarkdownLayout, useEditorSettings } from './model/editor-settings-store';
import { editorTheme } from './model/editor-themes';
import { createTextDocument, isModified, lineSeparatorOf, type TextFileSource } from './model/text-document';
import { EditorFrame } from './shell/EditorFrame';
import { ConflictQuestion, LeaveQuestion } from './shell/EditorQuestions';
import { EditorActions, EditorOptions } from './shell/EditorTools';
import './editors.css';

export interface TextFileTarget {
  userFileId: string;
  fileName: string;
  extendName: string;
}

export interface TextFileOverlayProps {
  file: TextFileTarget;
  /** SPEC §6: the code editor is read-only unless the caller grants edit ("online edit" does, "view" does not). */
  editable: boolean;
  /**
   * The caller may edit this file (its owner, with the right to edit): a file opened read-only then
   * offers a switch to editing. Never on a share's file.
   */
  mayEdit?: boolean;
  /** A share's file (always read-only). */
  access?: ShareAccess;
  /** Where the file downloads from, when it cannot be opened as text. */
  downloadUrl: string;
  onClose(): void;
  /** After each save (the list shows the new size and time). */
  onSaved?(): void;
}

const LINE_BREAK = { '\n': 'lf', '\r\n': 'crlf', '\r': 'cr' } as const;

/**
 * The code editor and the markdown editor of SPEC §4 over the page: the file's text in CodeMirror
 * (mode by extension, SPEC §9), read-only unless editing was granted; markdown with a sanitised preview
 * beside, instead of, or without the text. An unsaved marker while the text differs from the saved one;
 * Ctrl+S / Cmd+S or the save button saves only then; a concurrent edit offers reloading or overwriting;
 * Esc or the close button closes, asking first when there are unsaved changes.
 */
export default function TextFileOverlay({
  file,
  editable,
  mayEdit = false,
  access,
  downloadUrl,
  onClose,
  onSaved,
}: TextFileOverlayProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // opened to read, a file of mine can still be switched to editing (the text is loaded again for it)
  const [editing, setEditing] = useState(editable);
  const canEdit = editing && !access;
  const canSwitchToEdit = !canEdit && mayEdit && !access;
  const doc = useMemo(() => {
    const source: TextFileSource = {
      load: () => fetchFileContent(file.userFileId, access),
      hash: (text) => sha256(text),
      ...(canEdit ? { save: (content: string, hash: string) => saveFileContent(file.userFileId, content, hash) } : {}),
    };
    return createTextDocument(source, { fileName: file.fileName, extendName: file.extendName });
  }, [file.userFileId, file.fileName, file.extendName, access, canEdit]);
  const state = useStore(doc, (s) => s);
  const modified = isModified(state);
  const settings = useEditorSettings((s) => s);
  const narrow = useMediaQuery('(max-width: 768px)');
  const [cursor, setCursor] = useState<CursorInfo | null>(null);
  // the preview beside the markdown text follows its scrolling
  const [scrollRatio, setScrollRatio] = useState(0);
  const [question, setQuestion] = useState<'leave' | 'conflict' | null>(null);
  const mode = editorModeFor(state.extendName || file.extendName);
  const isMarkdown = mode === 'markdown';
  // a markdown file opened to read starts on its preview; one opened to edit, where it was left
  const [readLayout, setReadLayout] = useState<MarkdownLayout>('preview');
  const layout = canEdit ? settings.markdownLayout : readLayout;
  const shownLayout = narrow && layout === 'split' ? 'edit' : layout;

  useEffect(() => {
    editorSettingsStore.touch();
    void doc.load();
  }, [doc]);

  const save = useCallback(async (): Promise<boolean> => {
    const outcome = await doc.save();
    if (outcome.kind === 'saved') {
      void message.success(outcome.message);
      onSaved?.();
      return true;
    }
    if (outcome.kind === 'conflict') setQuestion('conflict');
    if (outcome.kind === 'failed' && !isShownByClient(outcome.error) && outcome.message) {
      void message.error(outcome.message);
    }
    return false;
  }, [doc, message, onSaved]);

  const requestClose = useCallback(() => {
    if (isModified(doc.getState()) && !doc.getState().readOnly) setQuestion('leave');
    else onClose();
  }, [doc, onClose]);

  // Ctrl+S / Cmd+S and Esc wherever the focus is in the editor; the questions keep the keys to themselves
  const asking = useRef(false);
  asking.current = question !== null;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        // never the browser's "save page as", even while a question is open
        event.preventDefault();
        if (canEdit && !asking.current) void save();
        return;
      }
      if (asking.current || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        // an open dropdown of the toolbar closes first
        if ((event.target as Element | null)?.closest?.('.ant-select-open')) return;
        event.preventDefault();
        requestClose();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canEdit, save, requestClose]);

  // leaving the page with unsaved changes asks too
  useEffect(() => {
    if (!modified) return;
    const onLeave = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [modified]);

  const dark = editorTheme(settings.theme).dark;
  const readOnly = !canEdit;
  const modeLabel = mode === 'text' ? null : EDITOR_MODES[mode].label;

  const title = (
    <>
      <FileIcon entry={{ isDir: 0, extendName: file.extendName }} size={18} />
      <span className="editor-frame__name" title={state.fileName}>
        {state.fileName}
      </span>
      {modified ? (
        <Tooltip title={t('editors.editor.unsavedHint')}>
          <span className="editor-frame__unsaved" role="status" aria-label={t('editors.editor.unsaved')}>
            ●
          </span>
        </Tooltip>
      ) : null}
      {readOnly && state.status === 'ready' ? (
        <Tooltip title={t('editors.editor.readOnlyHint')}>
          <Tag className="editor-frame__readonly" bordered={false}>
            {t('editors.editor.readOnly')}
          </Tag>
        </Tooltip>
      ) : null}
    </>
  );

  const tools =
    state.status === 'ready' ? (
      <EditorOptions
        settings={settings}
        markdown={
          isMarkdown
            ? {
                layout: shownLayout,
                readOnly,
                narrow,
                onLayout: (next) => (canEdit ? editorSettingsStore.setMarkdownLayout(next) : setReadLayout(next)),
              }
            : undefined
        }
      />
    ) : null;

  const actions = (
    <EditorActions
      canEdit={canEdit && state.status === 'ready'}
      onEdit={canSwitchToEdit && state.status === 'ready' ? () => setEditing(true) : undefined}
      modified={modified}
      saving={state.saving}
      onSave={() => void save()}
      onClose={requestClose}
    />
  );

  const separator = lineSeparatorOf(state.original);
  const status =
    state.status === 'ready' ? (
      <>
        <span className="editor-status__left">
          {cursor && shownLayout !== 'preview' ? (
            <span>{t('editors.editor.cursor', { line: cursor.line, column: cursor.column })}</span>
          ) : null}
          {cursor?.selected ? <span>{t('editors.editor.selected', { count: cursor.selected })}</span> : null}
          {cursor ? <span>{t('editors.editor.lines', { count: cursor.lines })}</span> : null}
        </span>
        <span className="editor-status__right">
          <span>{t('editors.editor.indent', { size: 4 })}</span>
          <span>{t('editors.editor.encoding')}</span>
          <span>{t(`editors.editor.lineBreak.${LINE_BREAK[separator]}`)}</span>
          <span className="editor-status__mode" title={t('editors.editor.mode')}>
            {modeLabel ?? t('editors.editor.plainText')}
          </span>
        </span>
      </>
    ) : null;

  const editor = (
    <CodeEditorView
      text={state.text}
      revision={state.revision}
      lineSeparator={separator}
      mode={mode}
      readOnly={readOnly}
      fontSize={settings.fontSize}
      themeId={settings.theme}
      lineWrapping={settings.lineWrapping}
      label={t('editors.editor.content', { name: state.fileName })}
      onChange={doc.edit}
      onCursor={setCursor}
      onScrollRatio={isMarkdown ? setScrollRatio : undefined}
    />
  );

  let body: React.ReactNode;
  if (state.status === 'loading') {
    body = (
      <div className="editor-frame__center">
        <Spin size="large" />
        <span>{t('editors.editor.opening', { name: file.fileName })}</span>
      </div>
    );
  } else if (state.status === 'failed') {
    body = (
      <div className="editor-frame__center">
        <Result
          status="warning"
          title={t('editors.editor.openFailed')}
          subTitle={state.loadError}
          extra={[
            <Button
              key="download"
              type="primary"
              icon={<DownloadOutlined />}
              onClick={() => startDownload(downloadUrl, file.fileName)}
            >
              {t('editors.editor.download')}
            </Button>,
            <Button key="close" onClick={onClose}>
              {t('editors.editor.close')}
            </Button>,
          ]}
        />
      </div>
    );
  } else if (isMarkdown) {
    const preview = (
      <MarkdownPreview
        text={state.text}
        scrollRatio={shownLayout === 'split' ? scrollRatio : undefined}
        fontSize={settings.fontSize}
        label={t('editors.markdown.previewLabel', { name: state.fileName })}
      />
    );
    body = (
      <div className={`markdown-editor is-${shownLayout}`}>
        {shownLayout !== 'preview' ? <div className="markdown-editor__text">{editor}</div> : null}
        {shownLayout !== 'edit' ? <div className="markdown-editor__preview">{preview}</div> : null}
      </div>
    );
  } else {
    body = editor;
  }

  return (
    <EditorFrame
      label={state.fileName}
      dark={dark}
      title={title}
      tools={tools}
      actions={actions}
      status={status}
      busy={state.status === 'loading'}
    >
      {body}
      {question === 'leave' ? (
        <LeaveQuestion
          name={state.fileName}
          saving={state.saving}
          onSave={async () => {
            if (await save()) onClose();
            else if (doc.getState().conflict) setQuestion('conflict');
          }}
          onDiscard={onClose}
          onCancel={() => setQuestion(null)}
        />
      ) : null}
      {question === 'conflict' && state.conflict ? (
        <ConflictQuestion
          message={state.conflict.message}
          saving={state.saving}
          onReload={async () => {
            await doc.reload();
            setQuestion(null);
            void message.info(t('editors.conflict.reloaded'));
          }}
          onOverwrite={async () => {
            const outcome = await doc.overwrite();
            setQuestion(null);
            if (outcome.kind === 'saved') {
              void message.success(outcome.message);
              onSaved?.();
            } else if (outcome.kind === 'conflict') {
              setQuestion('conflict');
            } else if (outcome.kind === 'failed' && !isShownByClient(outcome.error) && outcome.message) {
              void message.error(outcome.message);
            }
          }}
          onCancel={() => setQuestion(null)}
        />
      ) : null}
    </EditorFrame>
  );
}
