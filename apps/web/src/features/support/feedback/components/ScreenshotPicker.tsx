import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { FEEDBACK_LIMITS } from '@kerf/contract';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickedScreenshot } from '../hooks/use-screenshot-picks';
import { SCREENSHOT_ACCEPT } from '../model/feedback-form';

interface ScreenshotPickerProps {
  id?: string;
  picks: PickedScreenshot[];
  onAdd(files: File[]): void;
  onRemove(key: string): void;
}

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * The chosen screenshots as thumbnails, each with a remove button, and a tile that adds more: by
 * clicking (the file picker) or by dropping files on it. Pasting is the page's (it works anywhere on it).
 */
export function ScreenshotPicker({ id, picks, onAdd, onRemove }: ScreenshotPickerProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const full = picks.length >= FEEDBACK_LIMITS.screenshotsMax;
  return (
    <fieldset
      aria-label={t('supportFeedback.form.screenshots')}
      className={dragging ? 'feedback-picker is-dragging' : 'feedback-picker'}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        onAdd(Array.from(event.dataTransfer.files));
      }}
    >
      <ul className="feedback-picker__list">
        {picks.map((pick) => (
          <li key={pick.key} className="feedback-picker__item">
            <img src={pick.preview} alt={pick.file.name} title={pick.file.name} />
            <button
              type="button"
              className="feedback-picker__remove"
              aria-label={t('supportFeedback.form.removeScreenshot', { name: pick.file.name })}
              title={t('supportFeedback.form.removeScreenshot', { name: pick.file.name })}
              onClick={() => onRemove(pick.key)}
            >
              <CloseOutlined />
            </button>
          </li>
        ))}
        {full ? null : (
          <li>
            <button
              id={id}
              type="button"
              className="feedback-picker__add"
              onClick={() => input.current?.click()}
              aria-label={t('supportFeedback.form.addScreenshot')}
            >
              <PlusOutlined />
              <span>{dragging ? t('supportFeedback.form.dropHere') : t('supportFeedback.form.addScreenshot')}</span>
            </button>
          </li>
        )}
      </ul>
      <input
        ref={input}
        type="file"
        accept={SCREENSHOT_ACCEPT}
        multiple
        // antd's form shows every file input as a block; this one is opened by the tile
        style={{ display: 'none' }}
        data-testid="feedback-screenshot-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length) onAdd(files);
        }}
      />
    </fieldset>
  );
}
