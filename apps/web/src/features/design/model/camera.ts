import type { Bounds, Vec2 } from '@kerf/laser';

/**
 * The view onto the drawing: `zoom` screen pixels per millimetre and the screen position of the
 * document origin. A document point p shows at `p * zoom + (x, y)`.
 */
export interface Camera {
  x: number;
  y: number;
  zoom: number;
}

export interface Viewport {
  width: number;
  height: number;
}

export const MIN_ZOOM = 0.02;
export const MAX_ZOOM = 400;
/** One Ctrl+= / Ctrl+− or wheel notch. */
export const ZOOM_STEP = 1.2;

export const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

export function toDocument(camera: Camera, screen: Vec2): Vec2 {
  return { x: (screen.x - camera.x) / camera.zoom, y: (screen.y - camera.y) / camera.zoom };
}

export function toScreen(camera: Camera, point: Vec2): Vec2 {
  return { x: point.x * camera.zoom + camera.x, y: point.y * camera.zoom + camera.y };
}

/** How far apart a drawing point and a canvas point are on screen, pixels (grab and close radii). */
export function screenDistance(camera: Camera, point: Vec2, screen: Vec2): number {
  const at = toScreen(camera, point);
  return Math.hypot(at.x - screen.x, at.y - screen.y);
}

/** Zooms by `factor` keeping the document point under `screen` where it is (wheel and pinch). */
export function zoomAt(camera: Camera, screen: Vec2, factor: number): Camera {
  const zoom = clampZoom(camera.zoom * factor);
  const anchor = toDocument(camera, screen);
  return { zoom, x: screen.x - anchor.x * zoom, y: screen.y - anchor.y * zoom };
}

export function panBy(camera: Camera, dx: number, dy: number): Camera {
  return { ...camera, x: camera.x + dx, y: camera.y + dy };
}

/** The camera showing `bounds` whole and centred, with `margin` screen pixels around it. */
export function fitBounds(bounds: Bounds, viewport: Viewport, margin = 40): Camera {
  const width = Math.max(bounds.maxX - bounds.minX, 1e-3);
  const height = Math.max(bounds.maxY - bounds.minY, 1e-3);
  const zoom = clampZoom(Math.min((viewport.width - 2 * margin) / width, (viewport.height - 2 * margin) / height));
  return {
    zoom,
    x: viewport.width / 2 - ((bounds.minX + bounds.maxX) / 2) * zoom,
    y: viewport.height / 2 - ((bounds.minY + bounds.maxY) / 2) * zoom,
  };
}

/** The document rectangle the viewport shows. */
export function visibleBounds(camera: Camera, viewport: Viewport): Bounds {
  const a = toDocument(camera, { x: 0, y: 0 });
  const b = toDocument(camera, { x: viewport.width, y: viewport.height });
  return { minX: a.x, minY: a.y, maxX: b.x, maxY: b.y };
}
