import { Spin } from 'antd';
import { memo, useEffect, useRef, useState } from 'react';
import { CSS_PER_PDF_POINT } from '../model/pdf-zoom';
import type { PDFDocumentProxy } from './pdf-engine';

/** Canvas pixels per page at most (4096²): enough for sharp text, safe for a phone's memory. */
const MAX_CANVAS_PIXELS = 4096 * 4096;

/**
 * One page: drawn when it is near the view, into a fresh canvas that replaces the old one only once
 * finished, so zooming never flashes blank. Far pages drop their canvas to keep memory low.
 */
export const PdfPage = memo(function PdfPage({
  doc,
  number,
  width,
  height,
  scale,
  rotation,
  near,
  label,
}: {
  doc: PDFDocumentProxy;
  number: number;
  /** The page box in CSS pixels, as laid out. */
  width: number;
  height: number;
  scale: number;
  /** The reader's turn, added to the page's own. */
  rotation: number;
  near: boolean;
  label: string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const box = holder.current;
    if (!box) return;
    if (!near) {
      box.replaceChildren();
      setDrawn(false);
      return;
    }
    let live = true;
    let cancel: (() => void) | undefined;
    void (async () => {
      const page = await doc.getPage(number);
      if (!live) return;
      const viewport = page.getViewport({ scale: scale * CSS_PER_PDF_POINT, rotation: (page.rotate + rotation) % 360 });
      const dpr = window.devicePixelRatio || 1;
      const ratio = Math.min(dpr, Math.sqrt(MAX_CANVAS_PIXELS / Math.max(1, viewport.width * viewport.height)));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.floor(viewport.width * ratio));
      canvas.height = Math.max(1, Math.floor(viewport.height * ratio));
      const task = page.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      cancel = () => task.cancel();
      await task.promise;
      if (!live) return;
      box.replaceChildren(canvas);
      setDrawn(true);
    })().catch(() => {
      // cancelled by a newer zoom or by leaving: the next render takes over
    });
    return () => {
      live = false;
      cancel?.();
    };
  }, [doc, number, scale, rotation, near]);

  return (
    <div className="pdf-page" data-page={number} style={{ width, height }} role="img" aria-label={label}>
      <div ref={holder} className="pdf-page__canvas" />
      {drawn ? null : <Spin className="pdf-page__spin" delay={200} />}
    </div>
  );
});
