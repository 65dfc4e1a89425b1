import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { type ObjectAttachmentKind, PAPER_EXTENSIONS, PREVIEW_EXTENSIONS } from '@kerf/contract';
import { Button, Upload } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { attachmentUrl } from '../../../api/object-api';
import { formatSize } from '../../drive/model/format';
import type { AttachmentItem } from '../model/object-form';

let nextKey = 0;

/** A picked file as a form item. */
export function pickedItem(file: File): AttachmentItem {
  nextKey += 1;
  return { key: `new-${nextKey}`, name: file.name, size: file.size, file };
}

/** Local previews of picked pictures, revoked when they go. */
function useObjectUrls(items: AttachmentItem[]): Map<string, string> {
  const urls = useMemo(
    () => new Map(items.flatMap((i) => (i.file ? [[i.key, URL.createObjectURL(i.file)] as const] : []))),
    [items],
  );
  useEffect(
    () => () => {
      for (const url of urls.values()) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return urls;
}

/**
 * The drawings or effect images of the object form: drop or pick files (each checked by `onPick`
 * before it joins), reorder, remove. Effect images show as pictures; the first is the cover.
 */
export function AttachmentPicker({
  kind,
  items,
  onChange,
  onPick,
}: {
  kind: ObjectAttachmentKind;
  items: AttachmentItem[];
  onChange(items: AttachmentItem[]): void;
  /** Whether a picked file may join (it shows its own refusal). */
  onPick(file: File): boolean;
}) {
  const { t } = useTranslation();
  const urls = useObjectUrls(items);
  const extensions = kind === 'paper' ? PAPER_EXTENSIONS : PREVIEW_EXTENSIONS;
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  // Files of one pick or drop arrive one call at a time: gathered here, added together.
  const picked = useRef<AttachmentItem[]>([]);
  return (
    <div className={`object-attachments object-attachments--${kind}`}>
      <Upload.Dragger
        multiple
        showUploadList={false}
        accept={extensions.map((e) => `.${e}`).join(',')}
        beforeUpload={(file, batch) => {
          if (onPick(file)) picked.current.push(pickedItem(file));
          if (file === batch[batch.length - 1]) {
            onChange([...items, ...picked.current.splice(0)]);
          }
          return Upload.LIST_IGNORE;
        }}
        aria-label={t(`store.object.${kind}Drop`)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t(`store.object.${kind}Drop`)}</p>
        <p className="ant-upload-hint">{t(`store.object.${kind}Hint`, { extensions: extensions.join(', ') })}</p>
      </Upload.Dragger>
      {items.length > 0 ? (
        <ul className="object-attachments__list">
          {items.map((item, index) => (
            <li key={item.key} className="object-attachments__item">
              {kind === 'preview' ? (
                <img
                  className="object-attachments__thumb"
                  src={urls.get(item.key) ?? (item.existingId ? attachmentUrl(item.existingId) : undefined)}
                  alt={item.name}
                />
              ) : null}
              <span className="object-attachments__name" title={item.name}>
                {item.name}
              </span>
              {kind === 'preview' && index === 0 ? (
                <span className="object-attachments__cover">{t('store.object.cover')}</span>
              ) : null}
              <span className="object-attachments__size">{formatSize(item.size)}</span>
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                aria-label={t('store.object.moveUp', { name: item.name })}
                onClick={() => move(index, index - 1)}
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={index === items.length - 1}
                aria-label={t('store.object.moveDown', { name: item.name })}
                onClick={() => move(index, index + 1)}
              />
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('store.object.remove', { name: item.name })}
                onClick={() => onChange(items.filter((other) => other.key !== item.key))}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
