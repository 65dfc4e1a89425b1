import { PictureOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorState } from '../../hooks/use-editor';
import { selectedBitmap } from '../../model/actions/bitmap-actions';
import { BitmapPanel } from './BitmapPanel';

/**
 * The properties bar's way into the bitmap panel, shown while exactly one bitmap is selected; a double
 * click on the bitmap opens the panel too.
 */
export function BitmapSettingsButton() {
  const { t } = useTranslation();
  const bitmap = useEditorState((s) => selectedBitmap(s.doc, s.selection));
  const [openFor, setOpenFor] = useState<string | null>(null);
  const bitmapId = bitmap?.id ?? null;
  useEffect(() => {
    // a double click on the canvas selects the bitmap with its first click, then opens it here
    if (!bitmapId) return;
    const open = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[data-testid="design-canvas"]')) setOpenFor(bitmapId);
    };
    window.addEventListener('dblclick', open);
    return () => window.removeEventListener('dblclick', open);
  }, [bitmapId]);
  if (!bitmap) return null;
  return (
    <>
      <Tooltip title={t('design.bitmap.openHint')}>
        <Button size="small" icon={<PictureOutlined />} onClick={() => setOpenFor(bitmap.id)}>
          {t('design.bitmap.open')}
        </Button>
      </Tooltip>
      {openFor === bitmap.id ? <BitmapPanel bitmap={bitmap} onClose={() => setOpenFor(null)} /> : null}
    </>
  );
}
