import type { BitmapSettings, CutSettings, FillSettings, KerfDocument, Layer, PathOptimisation } from './document.js';

export const DOCUMENT_VERSION = 2;

export const DEFAULT_FILL: FillSettings = {
  interval: 0.1,
  angle: 0,
  crossHatch: false,
  bidirectional: true,
  overscan: 2,
};

export const DEFAULT_OPTIMISATION: PathOptimisation = {
  direction: 'x',
  findRule: 'nearest',
  insideOut: true,
  layerOptimisation: true,
  startPoint: 'auto',
  partitionSize: 0,
};

/** Every cut feature off: a plain cut along the drawn outline. */
export const DEFAULT_CUT: CutSettings = {
  kerfOffset: 0,
  tabs: { mode: 'none', count: 4, spacing: 50, width: 0.5, minLength: 20 },
  leadIn: { kind: 'none', length: 2 },
  leadOut: { kind: 'none', length: 2 },
  overcut: 0,
  zOffset: 0,
  zStep: 0,
  passOrder: 'layer',
  airAssist: false,
  dashes: 'solid',
  perforation: { mode: 'none', on: 2, off: 1, spacing: 1, dwell: 5 },
  cornerPower: false,
};

/** Cut settings with every missing part filled from DEFAULT_CUT. */
export function cutSettings(init: Partial<CutSettings> = {}): CutSettings {
  return {
    ...DEFAULT_CUT,
    ...init,
    tabs: { ...DEFAULT_CUT.tabs, ...init.tabs },
    leadIn: { ...DEFAULT_CUT.leadIn, ...init.leadIn },
    leadOut: { ...DEFAULT_CUT.leadOut, ...init.leadOut },
    perforation: { ...DEFAULT_CUT.perforation, ...init.perforation },
  };
}

export const DEFAULT_BITMAP_SETTINGS: BitmapSettings = {
  greyLevel: 256,
  scanDirection: 'horizontal',
  startPosition: 'top-left',
  dpiX: 254,
  dpiY: 254,
  slope: 45,
  dot: 4,
  invert: false,
  bidirectional: true,
  dither: 'floyd-steinberg',
  threshold: 128,
};

/**
 * Colours given to new layers in turn (the usual palette of laser software: black, red, blue, green…),
 * so layers imported without a colour of their own stay apart on screen.
 */
export const LAYER_PALETTE = [
  '#000000',
  '#ff0000',
  '#0000ff',
  '#00a000',
  '#ff8000',
  '#a000a0',
  '#00a0a0',
  '#808000',
  '#808080',
  '#ff00ff',
];

export function createLayer(init: Partial<Layer> & { id: string }): Layer {
  return {
    name: init.id,
    color: '#000000',
    output: true,
    fill: 'none',
    reliefMargin: 0,
    deleteOutline: false,
    priority: 0,
    mode: 'cut',
    laserType: 'gas',
    minPower: 10,
    maxPower: 30,
    speed: 20,
    frequency: 20_000,
    pulseWidth: 200,
    curveSmoothing: 0,
    passes: 1,
    ...init,
    fillSettings: { ...DEFAULT_FILL, ...init.fillSettings },
    optimisation: { ...DEFAULT_OPTIMISATION, ...init.optimisation },
    cut: cutSettings(init.cut),
  };
}

export function createDocument(init: Partial<KerfDocument> = {}): KerfDocument {
  return {
    version: DOCUMENT_VERSION,
    units: 'mm',
    width: 400,
    height: 400,
    layers: [],
    shapes: [],
    ...init,
    meta: { ...init.meta },
  };
}

/** `#rgb`, `#rrggbb`, `rgb(…)` or a number 0xRRGGBB to `#rrggbb`; null when it is not a colour. */
export function normaliseColor(c: string | number): string | null {
  if (typeof c === 'number') return `#${(c & 0xffffff).toString(16).padStart(6, '0')}`;
  const s = c.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(s)) return s;
  if (/^#[0-9a-f]{3}$/.test(s)) return `#${s[1]}${s[1]}${s[2]}${s[2]}${s[3]}${s[3]}`;
  return null;
}

/**
 * The layer for a colour, made when missing: importers map stroke colours (SVG) or drawing layers
 * (DXF) to laser layers this way. `key` names the layer (the colour itself, or the CAD layer's name).
 */
export function layerFor(doc: KerfDocument, key: string, color: string): Layer {
  const found = doc.layers.find((l) => l.name === key);
  if (found) return found;
  const layer = createLayer({ id: `L${doc.layers.length + 1}`, name: key, color, priority: doc.layers.length });
  doc.layers.push(layer);
  return layer;
}

/** Ids unique within a document: a prefix and a counter (stable across runs, so tests can compare). */
export function idMaker(prefix = 's'): () => string {
  let n = 0;
  return () => `${prefix}${++n}`;
}
