import type { Vec2 } from '@kerf/laser';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createStore, type Store } from '../../../stores/create-store';
import { useEditor } from '../hooks/use-editor';
import { paste } from '../model/actions/selection-actions';
import type { Handle } from '../model/geometry/handles';
import { SelectTool } from '../model/tools/select-tool';
import { CanvasRenderer } from '../render/canvas-renderer';
import { drawRuler, RULER_SIZE } from '../render/rulers';
import { TextEntryBox } from './TextEntryBox';

/** Where the pointer is on the drawing (mm), for the status bar; null when it is off the canvas. */
export const pointerStore: Store<Vec2 | null> = createStore<Vec2 | null>(null);

const HANDLE_CURSORS: Record<Handle, string> = {
  nw: 'nwse-resize',
  se: 'nwse-resize',
  ne: 'nesw-resize',
  sw: 'nesw-resize',
  n: 'ns-resize',
  s: 'ns-resize',
  e: 'ew-resize',
  w: 'ew-resize',
  rotate: 'grab',
};

const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

const modifiersOf = (e: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) => ({
  shift: e.shiftKey,
  ctrl: e.ctrlKey || e.metaKey,
  alt: e.altKey,
});

/**
 * The drawing surface: the canvas the renderer paints, rulers along the top and left, and the input
 * wiring (pointer, wheel, keys) into the editor. React renders this once; frames come from the renderer.
 */
export function DesignCanvas({ onImport }: { onImport(files: File[]): void }) {
  const editor = useEditor();
  const host = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const top = useRef<HTMLCanvasElement>(null);
  const left = useRef<HTMLCanvasElement>(null);
  const [dropping, setDropping] = useState(false);
  const importRef = useRef(onImport);
  importRef.current = onImport;
  const { t } = useTranslation();

  useEffect(() => {
    const surface = canvas.current!;
    const box = host.current!;
    const renderer = new CanvasRenderer(surface, editor);
    // the end-to-end tests and the editor bench read the drawing and time frames through this
    (window as unknown as { __kerfDesign?: unknown }).__kerfDesign = { editor, renderer };
    let cursorScreen: Vec2 | null = null;
    const rulers = () => {
      const { camera, viewport } = editor.state;
      const dpr = window.devicePixelRatio || 1;
      const t = top.current?.getContext('2d');
      const l = left.current?.getContext('2d');
      if (t) drawRuler(t, 'x', camera, viewport.width, dpr, cursorScreen?.x ?? null);
      if (l) drawRuler(l, 'y', camera, viewport.height, dpr, cursorScreen?.y ?? null);
    };
    const sizeRulers = (width: number, height: number, dpr: number) => {
      for (const [ruler, w, h] of [
        [top.current, width, RULER_SIZE],
        [left.current, RULER_SIZE, height],
      ] as const) {
        if (!ruler) continue;
        ruler.width = Math.round(w * dpr);
        ruler.height = Math.round(h * dpr);
      }
    };
    const resize = new ResizeObserver(() => {
      const width = surface.clientWidth;
      const height = surface.clientHeight;
      const dpr = window.devicePixelRatio || 1;
      editor.store.set({ viewport: { width, height } });
      renderer.resize(width, height, dpr);
      sizeRulers(width, height, dpr);
      rulers();
    });
    resize.observe(box);
    const offCamera = editor.store.subscribe((next, previous) => {
      if (next.camera !== previous.camera || next.viewport !== previous.viewport) rulers();
    });

    const screenOf = (e: { clientX: number; clientY: number }): Vec2 => {
      const r = surface.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    const setCursor = (screen: Vec2) => {
      const tool = editor.tool;
      let cursor = tool.cursor;
      if (editor.spaceHeld || editor.panning) cursor = editor.panning ? 'grabbing' : 'grab';
      else if (tool instanceof SelectTool) {
        const handle = tool.handleUnder(screen);
        if (handle) cursor = HANDLE_CURSORS[handle];
        else if (editor.shapeAt(screen)) cursor = 'move';
      }
      surface.style.cursor = cursor;
    };
    const down = (e: PointerEvent) => {
      surface.setPointerCapture(e.pointerId);
      surface.focus({ preventScroll: true });
      editor.pointerDown({ screen: screenOf(e), button: e.button, ...modifiersOf(e) });
      setCursor(screenOf(e));
    };
    const move = (e: PointerEvent) => {
      const screen = screenOf(e);
      cursorScreen = screen;
      pointerStore.setState(editor.toDocument(screen));
      editor.pointerMove({ screen, button: e.button, ...modifiersOf(e) });
      if (e.buttons === 0) setCursor(screen);
      rulers();
    };
    const up = (e: PointerEvent) => {
      editor.pointerUp({ screen: screenOf(e), button: e.button, ...modifiersOf(e) });
      setCursor(screenOf(e));
    };
    const leave = () => {
      cursorScreen = null;
      pointerStore.setState(null);
      rulers();
    };
    const dblclick = (e: MouseEvent) => editor.doubleClick({ screen: screenOf(e), button: 0, ...modifiersOf(e) });
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      // lines (Firefox) and pages scroll further than pixels
      const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? surface.clientHeight : 1;
      editor.wheel(screenOf(e), e.deltaX * unit, e.deltaY * unit, e.ctrlKey || e.metaKey);
    };
    const keydown = (e: KeyboardEvent) => {
      if (typingIn(e.target) || e.defaultPrevented) return;
      // Ctrl+V is left to the paste event: files or SVG text on the clipboard are imported, else shapes
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'v') return;
      if (editor.keyDown({ key: e.key, ...modifiersOf(e) })) e.preventDefault();
      if (e.key === ' ') surface.style.cursor = 'grab';
    };
    const keyup = (e: KeyboardEvent) => {
      editor.keyUp(e.key);
      if (e.key === ' ') surface.style.cursor = editor.tool.cursor;
    };
    const noMenu = (e: Event) => e.preventDefault();
    const pasted = (e: ClipboardEvent) => {
      if (typingIn(e.target)) return;
      const files = [...(e.clipboardData?.files ?? [])];
      const text = e.clipboardData?.getData('text/plain') ?? '';
      e.preventDefault();
      if (files.length) importRef.current(files);
      else if (/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(text))
        importRef.current([new File([text], 'pasted.svg', { type: 'image/svg+xml' })]);
      else paste(editor);
    };
    // every listener once, so what is added is exactly what is removed
    const listeners: [EventTarget, string, EventListener, AddEventListenerOptions?][] = [
      [window, 'paste', pasted as EventListener],
      [surface, 'pointerdown', down as EventListener],
      [surface, 'pointermove', move as EventListener],
      [surface, 'pointerup', up as EventListener],
      [surface, 'pointerleave', leave],
      [surface, 'dblclick', dblclick as EventListener],
      [surface, 'wheel', wheel as EventListener, { passive: false }],
      [surface, 'contextmenu', noMenu],
      [window, 'keydown', keydown as EventListener],
      [window, 'keyup', keyup as EventListener],
    ];
    for (const [target, type, listener, options] of listeners) target.addEventListener(type, listener, options);
    const offTool = editor.store.subscribe((next, previous) => {
      if (next.toolId !== previous.toolId) surface.style.cursor = editor.tool.cursor;
    });
    return () => {
      resize.disconnect();
      offCamera();
      offTool();
      renderer.dispose();
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    };
  }, [editor]);

  const hasFiles = (e: React.DragEvent) => e.dataTransfer.types.includes('Files');
  return (
    <div
      className={`design-canvas${dropping ? ' is-dropping' : ''}`}
      ref={host}
      role="application"
      aria-label={t('design.title')}
      data-drop-label={t('design.import.drop')}
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setDropping(true);
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setDropping(false);
        onImport([...e.dataTransfer.files]);
      }}
    >
      <div className="design-canvas__corner" aria-hidden />
      <canvas className="design-canvas__ruler design-canvas__ruler--top" ref={top} aria-hidden />
      <canvas className="design-canvas__ruler design-canvas__ruler--left" ref={left} aria-hidden />
      <canvas className="design-canvas__surface" ref={canvas} tabIndex={0} data-testid="design-canvas" />
      <TextEntryBox />
    </div>
  );
}
