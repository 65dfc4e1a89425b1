declare global {
  interface Window {
    kerfEditorBench?: { runEditorSteps: typeof runEditorSteps; runSvgSteps: typeof runSvgSteps };
  }
}

/**
 * What the editor bench runs inside the page: it drives the editor the page exposes for tests and
 * benches (`window.__kerfDesign`) and times each step. Serialised into the page with its helpers, so it
 * imports nothing.
 */
export interface EditorTimings {
  loadAndDrawMs: number;
  shapes: number;
  visibleAtFit: number;
  panFrameMs: number[];
  zoomFrameMs: number[];
  settleMs: number;
  selectAllMs: number;
  dragFrameMs: number[];
  dragCommitMs: number;
  fullRedrawMs: number;
}

export async function runEditorSteps(docJson: string): Promise<EditorTimings> {
  // biome-ignore lint/suspicious/noExplicitAny: the page's own objects, reached by the bench only
  const { editor, renderer } = (window as any).__kerfDesign;
  const now = () => performance.now();
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  const doc = JSON.parse(docJson);

  // first render: the document in the store, its index and canvas paths built, one full frame
  let t = now();
  editor.store.load(doc);
  const { viewport } = editor.state;
  // the whole drawing in view, as zoom to fit shows it
  const zoom = Math.min(viewport.width / doc.width, viewport.height / doc.height) * 0.95;
  editor.setCamera({ zoom, x: 10, y: 10 });
  renderer.draw();
  const loadAndDrawMs = now() - t;
  const visibleAtFit = renderer.stats.lastShapes;

  // a full redraw of the whole drawing at rest
  t = now();
  renderer.request();
  editor.store.set({ showGrid: !editor.state.showGrid });
  renderer.draw();
  const fullRedrawMs = now() - t;
  await frame();

  // pan and zoom as the wheel does, one frame each
  const panFrameMs: number[] = [];
  for (let i = 0; i < 60; i++) {
    t = now();
    editor.wheel({ x: viewport.width / 2, y: viewport.height / 2 }, 0, i % 2 ? -24 : 24, false);
    renderer.draw();
    panFrameMs.push(now() - t);
    await frame();
  }
  const zoomFrameMs: number[] = [];
  for (let i = 0; i < 40; i++) {
    t = now();
    editor.wheel({ x: viewport.width / 3, y: viewport.height / 3 }, 0, i < 20 ? -60 : 60, true);
    renderer.draw();
    zoomFrameMs.push(now() - t);
    await frame();
  }
  // the redraw in full once the camera stops
  await new Promise((resolve) => setTimeout(resolve, 200));
  t = now();
  renderer.draw();
  const settleMs = now() - t;

  // select all, drawn
  t = now();
  editor.select(editor.doc.shapes.map((s: { id: string }) => s.id));
  renderer.draw();
  const selectAllMs = now() - t;

  // drag 1,000 selected shapes: a preview each frame, one document change on release
  editor.select(editor.doc.shapes.slice(0, 1000).map((s: { id: string }) => s.id));
  renderer.draw();
  const ids = new Set(editor.state.selection);
  const dragFrameMs: number[] = [];
  for (let i = 1; i <= 40; i++) {
    t = now();
    editor.store.set({ preview: { ids, matrix: [1, 0, 0, 1, i * 0.5, i * 0.25] } });
    renderer.draw();
    dragFrameMs.push(now() - t);
    await frame();
  }
  t = now();
  editor.store.set({ preview: null });
  editor.store.change('move', (draft: { shapes: { id: string; transform: number[] }[] }) => {
    for (const shape of draft.shapes) {
      if (ids.has(shape.id))
        shape.transform = [
          shape.transform[0]!,
          shape.transform[1]!,
          shape.transform[2]!,
          shape.transform[3]!,
          shape.transform[4]! + 20,
          shape.transform[5]! + 10,
        ];
    }
  });
  renderer.draw();
  const dragCommitMs = now() - t;

  return {
    loadAndDrawMs,
    shapes: editor.doc.shapes.length,
    visibleAtFit,
    panFrameMs,
    zoomFrameMs,
    settleMs,
    selectAllMs,
    dragFrameMs,
    dragCommitMs,
    fullRedrawMs,
  };
}

/** The same drawing as one inline SVG (what an SVG-DOM editor holds), driven the same way. */
export async function runSvgSteps(svgText: string): Promise<{
  firstRenderMs: number;
  panFrameMs: number[];
  zoomFrameMs: number[];
  selectAllMs: number;
  dragFrameMs: number[];
}> {
  const now = () => performance.now();
  const frame = () => new Promise<number>((resolve) => requestAnimationFrame((time) => resolve(time)));
  // a frame's cost: from the change to the next frame that shows it (style, layout, paint)
  const timed = async (change: () => void) => {
    const t = now();
    change();
    await frame();
    return now() - t;
  };
  const host = document.createElement('div');
  host.style.cssText = 'position:fixed;inset:0;overflow:hidden;background:#fff';
  document.body.replaceChildren(host);
  let t = now();
  host.innerHTML = svgText;
  const svg = host.querySelector('svg')!;
  svg.setAttribute('width', String(innerWidth));
  svg.setAttribute('height', String(innerHeight));
  await frame();
  const firstRenderMs = now() - t;
  const root = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  root.append(...svg.childNodes);
  svg.append(root);
  let x = 0;
  let k = 1;
  const panFrameMs: number[] = [];
  for (let i = 0; i < 60; i++) {
    panFrameMs.push(
      await timed(() => {
        x += i % 2 ? -24 : 24;
        root.setAttribute('transform', `translate(${x} 0) scale(${k})`);
      }),
    );
  }
  const zoomFrameMs: number[] = [];
  for (let i = 0; i < 40; i++) {
    zoomFrameMs.push(
      await timed(() => {
        k *= i < 20 ? 1.1 : 1 / 1.1;
        root.setAttribute('transform', `translate(${x} 0) scale(${k})`);
      }),
    );
  }
  const shapes = [...svg.querySelectorAll('path, rect, ellipse, circle, polygon, polyline, line')];
  t = now();
  for (const el of shapes) el.setAttribute('stroke', '#1677ff');
  await frame();
  const selectAllMs = now() - t;
  const moving = shapes.slice(0, 1000);
  const dragFrameMs: number[] = [];
  for (let i = 1; i <= 40; i++) {
    dragFrameMs.push(
      await timed(() => {
        for (const el of moving) el.setAttribute('transform', `translate(${i * 0.5} ${i * 0.25})`);
      }),
    );
  }
  return { firstRenderMs, panFrameMs, zoomFrameMs, selectAllMs, dragFrameMs };
}

window.kerfEditorBench = { runEditorSteps, runSvgSteps };
