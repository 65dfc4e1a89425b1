import {
  FilePdfOutlined,
  LeftOutlined,
  RightOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Select } from 'antd';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CSS_PER_PDF_POINT,
  PAGE_GAP,
  type PdfZoom,
  pageAtScroll,
  pdfZoomIn,
  pdfZoomOut,
  resolveZoom,
} from '../model/pdf-zoom';
import { PageBox } from '../shell/PageBox';
import { useElementSize } from '../shell/use-element-size';
import { useViewerKeys } from '../shell/use-viewer-keys';
import { BarButton } from '../shell/ViewerOverlay';
import { PdfBar } from './PdfBar';
import { PdfPage } from './PdfPage';
import type { PDFDocumentProxy } from './pdf-engine';

type Size = { width: number; height: number };
const FIXED_ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4];

/** Every page's size at 100 %: the first at once, the rest in the background (a big file stays quick). */
function usePageSizes(doc: PDFDocumentProxy): Size[] {
  const [sizes, setSizes] = useState<Size[]>([]);
  useEffect(() => {
    let live = true;
    void (async () => {
      const sizeOf = async (n: number) => {
        const viewport = (await doc.getPage(n)).getViewport({ scale: CSS_PER_PDF_POINT });
        return { width: viewport.width, height: viewport.height };
      };
      const first = await sizeOf(1);
      if (!live) return;
      const all = Array.from({ length: doc.numPages }, () => first);
      setSizes([...all]);
      for (let n = 2; n <= doc.numPages && live; n++) {
        all[n - 1] = await sizeOf(n);
        if (n % 25 === 0 || n === doc.numPages) setSizes([...all]);
      }
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [doc]);
  return sizes;
}

/** Which pages are within a screen of the view, so only those are drawn. */
function useNearPages(scroller: React.RefObject<HTMLElement | null>, count: number): Set<number> {
  const [near, setNear] = useState<Set<number>>(() => new Set([1]));
  useEffect(() => {
    const root = scroller.current;
    if (!root || !count) return;
    const observer = new IntersectionObserver(
      (changes) => {
        setNear((prev) => {
          const next = new Set(prev);
          for (const change of changes) {
            const page = Number((change.target as HTMLElement).dataset.page);
            if (change.isIntersecting) next.add(page);
            else next.delete(page);
          }
          return next;
        });
      },
      { root, rootMargin: '100% 0px' },
    );
    for (const el of root.querySelectorAll('[data-page]')) observer.observe(el);
    return () => observer.disconnect();
  }, [scroller, count]);
  return near;
}

/**
 * A PDF open for reading: pages one under another, the page number box (SPEC §5 clamping), previous
 * and next page, zoom by steps, fits and Ctrl+wheel, and turning the pages.
 */
export function PdfReader({
  doc,
  title,
  icon = <FilePdfOutlined />,
  actions,
}: {
  doc: PDFDocumentProxy;
  title: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const box = useElementSize(scroller);
  const sizes = usePageSizes(doc);
  const count = doc.numPages;
  const near = useNearPages(scroller, sizes.length);
  const [zoom, setZoom] = useState<PdfZoom>('auto');
  const [rotation, setRotation] = useState(0);
  const [page, setPage] = useState(1);
  const sideways = rotation % 180 === 90;
  const turned = useCallback(
    (size: Size) => (sideways ? { width: size.height, height: size.width } : size),
    [sideways],
  );
  const first = sizes[0] ? turned(sizes[0]) : null;
  const scale = first ? resolveZoom(zoom, first, box) : 1;

  // where the reader is, as a page and a fraction of it, so zooming and turning keep the place
  const anchor = useRef({ page: 1, fraction: 0 });
  const frame = useRef(0);
  const onScroll = () => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      measurePlace();
    });
  };
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  const measurePlace = () => {
    const el = scroller.current;
    if (!el) return;
    const pages = Array.from(el.querySelectorAll<HTMLElement>('[data-page]'));
    // each page's slot starts with the gap above it
    const slots = pages.map((p) => p.offsetTop - PAGE_GAP);
    setPage(pageAtScroll(slots, el.scrollTop, el.clientHeight));
    const at = pageAtScroll(slots, el.scrollTop, 0);
    const top = pages[at - 1];
    if (top) {
      const fraction = (el.scrollTop - slots[at - 1]!) / Math.max(1, top.offsetHeight + PAGE_GAP);
      anchor.current = { page: at, fraction };
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: scale and rotation are the triggers
  useLayoutEffect(() => {
    const el = scroller.current;
    const target = el?.querySelector<HTMLElement>(`[data-page="${anchor.current.page}"]`);
    if (el && target) {
      el.scrollTop = target.offsetTop - PAGE_GAP + anchor.current.fraction * (target.offsetHeight + PAGE_GAP);
    }
  }, [scale, rotation]);

  const goTo = useCallback(
    (n: number) => {
      const el = scroller.current;
      const target = el?.querySelector<HTMLElement>(`[data-page="${Math.min(count, Math.max(1, n))}"]`);
      if (el && target) el.scrollTo({ top: target.offsetTop - PAGE_GAP });
    },
    [count],
  );

  const zoomIn = () => setZoom(pdfZoomIn(scale));
  const zoomOut = () => setZoom(pdfZoomOut(scale));

  // Ctrl+wheel (and a touchpad pinch) zooms the document, not the page around it
  const latestScale = useRef(scale);
  latestScale.current = scale;
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      setZoom(event.deltaY < 0 ? pdfZoomIn(latestScale.current) : pdfZoomOut(latestScale.current));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  useEffect(() => {
    scroller.current?.focus({ preventScroll: true });
  }, []);

  useViewerKeys((key) => {
    if (key === 'ArrowLeft') goTo(page - 1);
    else if (key === 'ArrowRight') goTo(page + 1);
    else if (key === 'Home') goTo(1);
    else if (key === 'End') goTo(count);
    else if (key === '+' || key === '=') zoomIn();
    else if (key === '-') zoomOut();
    else return false;
    return true;
  });

  const zoomOptions = useMemo(
    () => [
      { value: 'auto', label: t('viewers.pdf.zoomAuto') },
      { value: 'page-width', label: t('viewers.pdf.zoomPageWidth') },
      { value: 'page-fit', label: t('viewers.pdf.zoomPageFit') },
      ...FIXED_ZOOMS.map((value) => ({ value: String(value), label: `${Math.round(value * 100)}%` })),
    ],
    [t],
  );
  const zoomValue = typeof zoom === 'number' ? String(zoom) : zoom;
  const zoomShown = zoomOptions.some((option) => option.value === zoomValue)
    ? zoomValue
    : { value: zoomValue, label: `${Math.round(scale * 100)}%` };

  return (
    <div className="pdf-view">
      <PdfBar
        icon={icon}
        title={title}
        label={t('viewers.pdf.toolbar')}
        actions={actions}
        controls={
          <>
            <BarButton
              label={t('viewers.pdf.previousPage')}
              icon={<LeftOutlined />}
              disabled={page <= 1}
              onClick={() => goTo(page - 1)}
            />
            <PageBox page={page} count={count} label={t('viewers.pdf.pageBox', { count })} onGo={goTo} />
            <BarButton
              label={t('viewers.pdf.nextPage')}
              icon={<RightOutlined />}
              disabled={page >= count}
              onClick={() => goTo(page + 1)}
            />
            <span className="viewer-tools__divider" aria-hidden />
            <BarButton label={t('viewers.pdf.zoomOut')} icon={<ZoomOutOutlined />} onClick={zoomOut} />
            <Select
              size="small"
              className="pdf-bar__zoom"
              aria-label={t('viewers.pdf.zoom')}
              value={zoomShown}
              labelInValue={typeof zoomShown !== 'string'}
              options={zoomOptions}
              popupMatchSelectWidth={false}
              onChange={(value: string | { value: string }) => {
                const picked = typeof value === 'string' ? value : value.value;
                setZoom(
                  picked === 'auto' || picked === 'page-width' || picked === 'page-fit' ? picked : Number(picked),
                );
              }}
            />
            <BarButton label={t('viewers.pdf.zoomIn')} icon={<ZoomInOutlined />} onClick={zoomIn} />
            <span className="viewer-tools__divider" aria-hidden />
            <BarButton
              label={t('viewers.pdf.rotate')}
              icon={<RotateRightOutlined />}
              onClick={() => setRotation((r) => (r + 90) % 360)}
            />
          </>
        }
      />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the pages scroll with the keyboard once focused */}
      <div className="pdf-view__scroller" ref={scroller} tabIndex={0} onScroll={onScroll}>
        <div className="pdf-view__pages" style={{ gap: PAGE_GAP, padding: PAGE_GAP }}>
          {sizes.map((size, index) => {
            const shown = turned(size);
            const number = index + 1;
            return (
              <PdfPage
                // biome-ignore lint/suspicious/noArrayIndexKey: pages are their numbers
                key={index}
                doc={doc}
                number={number}
                width={Math.round(shown.width * scale)}
                height={Math.round(shown.height * scale)}
                scale={scale}
                rotation={rotation}
                near={near.has(number)}
                label={t('viewers.pdf.page', { page: number })}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
