import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type KerfDocument, leafShapes, parseDocument, placedPolylines } from '@kerf/laser';
import type { Download, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Move, trace } from '../../../packages/laser/test/gcode-trace';
import { PASSWORD } from './drive-support';
import type { useBrowser } from './harness';
import { animationsSettled, registerByApi, tokenByApi, uniqueEmail } from './support';

/** The design editor's end-to-end helpers: a signed-in editor, the drawing it holds, a downloaded program. */

export const CORPUS = process.env.KERF_CORPUS ?? join(import.meta.dirname, '../../../../shared/corpus');

/** The drawing as the page's editor holds it, read back through the core's own parser. */
export async function pageDocument(page: Page): Promise<KerfDocument> {
  const json = await page.evaluate(() => {
    const { editor } = (window as unknown as { __kerfDesign: { editor: { doc: unknown } } }).__kerfDesign;
    return JSON.stringify(editor.doc);
  });
  return parseDocument(json);
}

export async function shapeCount(page: Page): Promise<number> {
  return leafShapes((await pageDocument(page)).shapes).length;
}

/**
 * The kinds of the top-level shapes in the draft the editor keeps in IndexedDB (written a moment after
 * each change, and what a reload brings back), or null while there is none.
 */
export function draftKinds(page: Page): Promise<string[] | null> {
  return page.evaluate(
    () =>
      new Promise<string[] | null>((resolve, reject) => {
        const opening = indexedDB.open('kerf-design');
        // a database the editor has not made yet is not made here either: its own opening creates the store
        opening.onupgradeneeded = () => opening.transaction?.abort();
        opening.onerror = () => resolve(null);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('drafts')) {
            db.close();
            resolve(null);
            return;
          }
          const reading = db.transaction('drafts').objectStore('drafts').get('current');
          reading.onsuccess = () => {
            db.close();
            const draft = reading.result as { doc?: { shapes?: { kind: string }[] } } | undefined;
            resolve(draft?.doc?.shapes?.map((s) => s.kind) ?? null);
          };
          reading.onerror = () => {
            db.close();
            reject(reading.error);
          };
        };
      }),
  );
}

/** The downloaded program, traced by the independent interpreter the laser tests use. */
export async function tracedDownload(download: Download): Promise<{ text: string; moves: Move[] }> {
  const path = await download.path();
  const text = readFileSync(path, 'utf8');
  return { text, moves: trace(text) };
}

/** Machine coordinates (bottom-left origin on a bed of `bedHeight`) back to document coordinates. */
export function toDocument(m: Move, bedHeight: number) {
  return [
    { x: m.from.x, y: bedHeight - m.from.y },
    { x: m.to.x, y: bedHeight - m.to.y },
  ];
}

/** How far a point is from the nearest outline of the given layer's shapes (document mm). */
export function distanceToOutlines(doc: KerfDocument, layerId: string) {
  const segments: [number, number, number, number][] = [];
  for (const p of leafShapes(doc.shapes)) {
    if (p.shape.layerId !== layerId) continue;
    for (const line of placedPolylines(p, 0.01)) {
      const pts = line.closed ? [...line.points, line.points[0]!] : line.points;
      for (let i = 1; i < pts.length; i++) segments.push([pts[i - 1]!.x, pts[i - 1]!.y, pts[i]!.x, pts[i]!.y]);
    }
  }
  return (q: { x: number; y: number }) => {
    let best = Number.POSITIVE_INFINITY;
    for (const [ax, ay, bx, by] of segments) {
      const dx = bx - ax;
      const dy = by - ay;
      const t = Math.max(0, Math.min(1, ((q.x - ax) * dx + (q.y - ay) * dy) / (dx * dx + dy * dy || 1)));
      best = Math.min(best, Math.hypot(ax + t * dx - q.x, ay + t * dy - q.y));
    }
    return best;
  };
}

export type { Move };

/** A tool of the editor's toolbar, by its name (rectangle, select…). */
export function designTool(page: Page, name: string) {
  return page.locator('.design-toolbar').getByRole('button', { name, exact: true });
}

/** Waits until the editor has fitted its work area into the canvas: drawing before that lands elsewhere. */
export async function editorFitted(page: Page) {
  await page.getByTestId('design-canvas').waitFor();
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (window as unknown as { __kerfDesign: { editor: { state: { camera: { zoom: number } } } } }).__kerfDesign
            .editor.state.camera.zoom,
      ),
    )
    .toBeLessThan(2);
}

/** Opens a plugin from the editor's Plugins menu; answers its dialog once the dialog shows. */
export async function openPluginFromMenu(page: Page, name: string) {
  await page.getByTestId('design-plugins-menu').click();
  const item = page.getByRole('menuitem', { name });
  await item.waitFor();
  await animationsSettled(page);
  await item.click();
  const dialog = page.getByRole('dialog').filter({ has: page.locator('#plugin-preview') });
  await dialog.waitFor();
  return dialog;
}

/** A new account signed in on the design editor (its language English when asked). */
export async function openDesignSignedIn(browser: ReturnType<typeof useBrowser>, label: string, english = false) {
  const email = uniqueEmail(label);
  await registerByApi(email, PASSWORD, 'Designer');
  const token = await tokenByApi(email, PASSWORD);
  const { page } = await browser.open('/web/design', { token, language: english ? 'en' : undefined });
  await page.getByTestId('design-canvas').waitFor();
  return { page, token };
}
