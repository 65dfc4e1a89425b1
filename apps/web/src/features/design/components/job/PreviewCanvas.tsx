import { useEffect, useRef, useState } from 'react';
import { fitView, type PreviewScene, type PreviewView, paintPreview, zoomView } from '../../job/preview-painter';

/**
 * The toolpath drawn over the drawing, at a moment of the job. Wheel zooms about the pointer, a drag
 * pans, a double click fits the bed again.
 */
export function PreviewCanvas({ label, ...scene }: PreviewScene & { label: string }) {
  const { preview, colors, shapes, bed, time, showTravel } = scene;
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [view, setView] = useState<PreviewView | null>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const element = canvas.current?.parentElement;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const box = entry!.contentRect;
      setSize({ width: Math.floor(box.width), height: Math.floor(box.height) });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const shown = view ?? (size.width > 0 ? fitView(bed, size.width, size.height) : null);

  useEffect(() => {
    const element = canvas.current;
    if (!element || !shown || size.width === 0) return;
    const dpr = window.devicePixelRatio || 1;
    element.width = Math.round(size.width * dpr);
    element.height = Math.round(size.height * dpr);
    const ctx = element.getContext('2d');
    if (ctx) paintPreview(ctx, { ...size, dpr }, shown, { preview, colors, shapes, bed, time, showTravel });
  }, [preview, colors, shapes, bed, time, showTravel, size, shown]);

  useEffect(() => {
    // wheel zoom must be able to stop the page from scrolling: a passive React listener cannot
    const element = canvas.current;
    if (!element || !shown) return;
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const box = element.getBoundingClientRect();
      setView(zoomView(shown, e.deltaY < 0 ? 1.2 : 1 / 1.2, { x: e.clientX - box.left, y: e.clientY - box.top }));
    };
    element.addEventListener('wheel', wheel, { passive: false });
    return () => element.removeEventListener('wheel', wheel);
  }, [shown]);

  return (
    <div className="job-preview__canvas">
      <canvas
        ref={canvas}
        aria-label={label}
        data-testid="job-preview-canvas"
        style={{ width: size.width, height: size.height }}
        onPointerDown={(e) => {
          drag.current = { x: e.clientX, y: e.clientY };
          e.currentTarget.setPointerCapture(e.pointerId);
        }}
        onPointerMove={(e) => {
          if (!drag.current || !shown) return;
          const dx = e.clientX - drag.current.x;
          const dy = e.clientY - drag.current.y;
          drag.current = { x: e.clientX, y: e.clientY };
          setView({ ...shown, x: shown.x + dx, y: shown.y + dy });
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        onDoubleClick={() => setView(null)}
      />
    </div>
  );
}
