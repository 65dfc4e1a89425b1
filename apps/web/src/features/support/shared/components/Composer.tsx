import { PaperClipOutlined, PictureOutlined, SendOutlined } from '@ant-design/icons';
import { SUPPORT_LIMITS, supportTextLength, supportTextProblem } from '@kerf/contract';
import { Button, Input, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import {
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSupportText } from '../hooks/use-conversation';
import { IMAGE_ACCEPT } from '../model/attachment-rules';

/** What a parent may do to the composer (a quick reply goes into the box). */
export interface ComposerHandle {
  insert(text: string): void;
  focus(): void;
}

interface ComposerProps {
  ref?: Ref<ComposerHandle>;
  /** Resolves true when the text was taken (the box empties). */
  onSendText(text: string): Promise<boolean> | boolean;
  onSendFiles(files: File[]): void;
  onTyping?(): void;
  disabled?: boolean;
  /** Busy opening the conversation: the send button spins. */
  busy?: boolean;
  /** Buttons beside the attachment buttons (the console's quick replies). */
  extra?: ReactNode;
  /** A line over the box (the conversation has ended…). */
  hint?: ReactNode;
  autoFocus?: boolean;
}

/** Only the counter's last stretch is shown, so a short message is not watched by a number. */
const COUNT_FROM = Math.floor(SUPPORT_LIMITS.textMax * 0.8);

/**
 * The message box: Enter sends, Shift+Enter (or Enter while an input method composes) makes a new
 * line; the contract's limit is counted and its words shown when passed; pictures and files by the
 * buttons or pasted (dropping is the list's part).
 */
export function Composer({
  ref,
  onSendText,
  onSendFiles,
  onTyping,
  disabled,
  busy,
  extra,
  hint,
  autoFocus,
}: ComposerProps) {
  const { t } = useTranslation();
  const text = useSupportText();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const box = useRef<TextAreaRef>(null);
  const pictureInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const length = supportTextLength(draft);
  const problem = supportTextProblem(draft);
  const tooLong = problem === 'textTooLong';

  useImperativeHandle(
    ref,
    () => ({
      insert(value: string) {
        const area = box.current?.resizableTextArea?.textArea;
        const start = area?.selectionStart ?? draft.length;
        const end = area?.selectionEnd ?? draft.length;
        const next = draft.slice(0, start) + value + draft.slice(end);
        setDraft(next);
        requestAnimationFrame(() => {
          box.current?.focus();
          const caret = start + value.length;
          box.current?.resizableTextArea?.textArea.setSelectionRange(caret, caret);
        });
      },
      focus: () => box.current?.focus(),
    }),
    [draft],
  );

  const submit = async () => {
    if (disabled || sending || problem) return;
    setSending(true);
    try {
      if (await onSendText(draft)) setDraft('');
    } finally {
      setSending(false);
      box.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    void submit();
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...event.clipboardData.files];
    if (files.length === 0 || disabled) return;
    event.preventDefault();
    onSendFiles(files);
  };

  const picked = (input: HTMLInputElement | null) => {
    const files = input?.files ? [...input.files] : [];
    if (input) input.value = '';
    if (files.length > 0) onSendFiles(files);
  };

  return (
    <div className="support-composer">
      {hint ? <div className="support-composer__hint">{hint}</div> : null}
      <div className="support-composer__tools">
        <Tooltip title={t('supportChat.composer.image')}>
          <Button
            type="text"
            icon={<PictureOutlined />}
            aria-label={t('supportChat.composer.image')}
            disabled={disabled}
            onClick={() => pictureInput.current?.click()}
          />
        </Tooltip>
        <Tooltip title={t('supportChat.composer.file')}>
          <Button
            type="text"
            icon={<PaperClipOutlined />}
            aria-label={t('supportChat.composer.file')}
            disabled={disabled}
            onClick={() => fileInput.current?.click()}
          />
        </Tooltip>
        {extra}
        <input
          ref={pictureInput}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          hidden
          data-testid="support-picture-input"
          onChange={(event) => picked(event.currentTarget)}
        />
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          data-testid="support-file-input"
          onChange={(event) => picked(event.currentTarget)}
        />
      </div>
      <Input.TextArea
        ref={box}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          if (event.target.value) onTyping?.();
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        placeholder={t('supportChat.composer.placeholder')}
        aria-label={t('supportChat.composer.placeholder')}
        autoSize={{ minRows: 2, maxRows: 6 }}
        variant="borderless"
        disabled={disabled}
        autoFocus={autoFocus}
        status={tooLong ? 'error' : undefined}
      />
      <div className="support-composer__foot">
        <span className={tooLong ? 'support-composer__error' : 'support-composer__count'} aria-live="polite">
          {tooLong ? text('textTooLong') : length >= COUNT_FROM ? `${length}/${SUPPORT_LIMITS.textMax}` : ''}
        </span>
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={() => void submit()}
          disabled={disabled || problem !== null}
          loading={busy || sending}
        >
          {t('supportChat.composer.send')}
        </Button>
      </div>
    </div>
  );
}
