import { App, Input } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorState } from '../hooks/use-editor';
import { cancelText, commitText } from '../model/actions/text-actions';
import { toScreen } from '../model/camera';
import { pageFonts } from '../text/font-library';

/**
 * The box text is typed in, over the canvas where the text will start: Enter ends it, Shift+Enter
 * starts a new line, Escape drops it. The glyph outline is made when it ends (fonts load then).
 */
export function TextEntryBox() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const editor = useEditor();
  const entry = useEditorState((s) => s.textEntry);
  const camera = useEditorState((s) => s.camera);
  const fontSize = useEditorState((s) => s.shapeSettings.fontSize);
  const [text, setText] = useState('');
  const box = useRef<TextAreaRef>(null);
  useEffect(() => {
    setText(entry?.text ?? '');
    if (entry) setTimeout(() => box.current?.focus(), 0);
  }, [entry]);
  if (!entry) return null;
  const at = toScreen(camera, entry.at);
  const px = Math.max(12, Math.min(64, fontSize * camera.zoom));
  const finish = async () => {
    const hide = message.loading(t('design.props.textLoading'), 0);
    try {
      await commitText(editor, text, pageFonts);
    } catch (error) {
      void message.error(String(error));
    } finally {
      hide();
    }
  };
  return (
    <Input.TextArea
      ref={box}
      className="design-text-entry"
      aria-label={t('design.tools.text')}
      autoSize
      value={text}
      onChange={(e) => setText(e.target.value)}
      style={{ left: at.x + 20, top: at.y + 20 - px * 1.1, fontSize: px }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !e.shiftKey) {
          e.preventDefault();
          void finish();
        } else if (e.key === 'Escape') {
          e.preventDefault();
          cancelText(editor);
        }
      }}
      onBlur={() => void finish()}
    />
  );
}
