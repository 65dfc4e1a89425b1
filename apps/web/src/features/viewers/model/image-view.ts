/**
 * The image overlay's state (SPEC §2, §5, §9) as plain data and a reducer, so every rule is tested
 * without a browser: which image of how many, zoom 1–200 % (100 % is the image fitted to the stage),
 * quarter-turn rotation, and how far the image was dragged.
 */

export const IMAGE_ZOOM = { min: 1, max: 200, initial: 100, step: 10 } as const;

export interface ImageViewState {
  /** 0-based index into the images. */
  index: number;
  count: number;
  /** Percent; may hold a fraction while the wheel zooms smoothly. */
  zoom: number;
  /** Degrees, cumulative (−90, 0, 90, 180, 270, 360…) so turning animates the short way. */
  rotation: number;
  offset: { x: number; y: number };
}

export type ImageViewAction =
  | { type: 'next' }
  | { type: 'previous' }
  /** 1-based, as typed in the page number box; clamped to 1..count. */
  | { type: 'goTo'; page: number }
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  /** A double click: up to 200 % from 100 %, back to 100 % from anywhere else. */
  | { type: 'toggleZoom' }
  /** Wheel movement in pixels: up (negative) zooms in. */
  | { type: 'wheel'; deltaY: number }
  | { type: 'rotateLeft' }
  | { type: 'rotateRight' }
  | { type: 'reset' }
  | { type: 'pan'; dx: number; dy: number }
  /** Two fingers: the zoom the pinch started at, times how far apart the fingers are now over then. */
  | { type: 'pinch'; from: number; scale: number };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function clampZoom(zoom: number): number {
  return Number.isFinite(zoom) ? clamp(zoom, IMAGE_ZOOM.min, IMAGE_ZOOM.max) : IMAGE_ZOOM.initial;
}

/** Up to the next whole step of 10 %: 1 → 10, 95.5 → 100, 200 stays. */
export function zoomInFrom(zoom: number): number {
  return clampZoom(Math.floor(zoom / IMAGE_ZOOM.step + 1e-9) * IMAGE_ZOOM.step + IMAGE_ZOOM.step);
}

/** Down to the previous whole step: 100 → 90, 10 → 1, 1 stays. */
export function zoomOutFrom(zoom: number): number {
  return clampZoom(Math.ceil(zoom / IMAGE_ZOOM.step - 1e-9) * IMAGE_ZOOM.step - IMAGE_ZOOM.step);
}

/** One mouse-wheel notch (100 px) is one step; a touchpad's small deltas zoom smoothly. */
export function wheelZoom(zoom: number, deltaY: number): number {
  const delta = clamp(deltaY, -100, 100) / 10;
  return clampZoom(zoom - delta);
}

/** The percentage as shown: whole numbers. */
export function zoomLabel(zoom: number): string {
  return `${Math.round(zoom)}%`;
}

/** 0, 90, 180 or 270. */
export function quarterTurn(rotation: number): 0 | 90 | 180 | 270 {
  return ((((Math.round(rotation / 90) * 90) % 360) + 360) % 360) as 0 | 90 | 180 | 270;
}

/**
 * SPEC §5: the page number box accepts 1..count only. Returns the 1-based page to show, or null when
 * the input is no number at all (the box then goes back to the current page).
 */
export function clampPage(input: number | string | null | undefined, count: number): number | null {
  if (count < 1 || input === null || input === undefined || input === '') return null;
  const value = typeof input === 'number' ? input : Number(String(input).trim());
  if (!Number.isFinite(value)) return null;
  return clamp(Math.round(value), 1, count);
}

/** The scale at which an image fits the stage at 100 %: never enlarged, turned sideways when rotated. */
export function fitScale(
  natural: { width: number; height: number },
  stage: { width: number; height: number },
  rotation: number,
): number {
  const sideways = quarterTurn(rotation) % 180 === 90;
  const width = sideways ? natural.height : natural.width;
  const height = sideways ? natural.width : natural.height;
  if (width <= 0 || height <= 0 || stage.width <= 0 || stage.height <= 0) return 1;
  return Math.min(1, stage.width / width, stage.height / height);
}

export function initialImageView(index: number, count: number): ImageViewState {
  return {
    index: count > 0 ? clamp(index, 0, count - 1) : 0,
    count,
    zoom: IMAGE_ZOOM.initial,
    rotation: 0,
    offset: { x: 0, y: 0 },
  };
}

/** Another image starts at 100 %, upright and centred. */
function show(state: ImageViewState, index: number): ImageViewState {
  if (state.count < 1) return state;
  const wrapped = ((index % state.count) + state.count) % state.count;
  return wrapped === state.index ? state : initialImageView(wrapped, state.count);
}

export function imageViewReducer(state: ImageViewState, action: ImageViewAction): ImageViewState {
  switch (action.type) {
    case 'next':
      return show(state, state.index + 1);
    case 'previous':
      return show(state, state.index - 1);
    case 'goTo': {
      const page = clampPage(action.page, state.count);
      return page === null ? state : show(state, page - 1);
    }
    case 'zoomIn':
      return { ...state, zoom: zoomInFrom(state.zoom) };
    case 'zoomOut':
      return { ...state, zoom: zoomOutFrom(state.zoom) };
    case 'toggleZoom':
      return Math.round(state.zoom) === IMAGE_ZOOM.initial
        ? { ...state, zoom: IMAGE_ZOOM.max }
        : { ...state, zoom: IMAGE_ZOOM.initial, offset: { x: 0, y: 0 } };
    case 'wheel':
      return { ...state, zoom: wheelZoom(state.zoom, action.deltaY) };
    case 'rotateLeft':
      return { ...state, rotation: state.rotation - 90 };
    case 'rotateRight':
      return { ...state, rotation: state.rotation + 90 };
    case 'reset':
      return initialImageView(state.index, state.count);
    case 'pan':
      return { ...state, offset: { x: state.offset.x + action.dx, y: state.offset.y + action.dy } };
    case 'pinch': {
      const zoom =
        Number.isFinite(action.scale) && action.scale > 0 ? clampZoom(action.from * action.scale) : state.zoom;
      // back to (or under) 100 % the picture is whole again: centred, as a double tap would leave it
      return zoom <= IMAGE_ZOOM.initial ? { ...state, zoom, offset: { x: 0, y: 0 } } : { ...state, zoom };
    }
  }
}
