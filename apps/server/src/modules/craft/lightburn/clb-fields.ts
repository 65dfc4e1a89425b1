import { type CraftBitmap, type CraftMode, type CraftPass, craftBitmapSchema, craftPassSchema } from '@kerf/contract';

/** LightBurn layer types and the mode each becomes (a Map, so `constructor` is not a type). */
export const CLB_TYPE_MODES: ReadonlyMap<string, CraftMode> = new Map([
  ['Cut', 'cut'],
  ['Scan', 'fill'],
  ['Scan+Cut', 'fill'],
  ['Offset Fill', 'fill'],
  ['Image', 'image'],
]);
/** The type written for a pass whose original type no longer fits its mode, or that never had one. */
export const CLB_TYPE_OF_MODE: Readonly<Record<CraftMode, string>> = { cut: 'Cut', fill: 'Scan', image: 'Image' };

type Dither = CraftBitmap['dither'];
const DITHER_IN: ReadonlyMap<string, Dither> = new Map([
  ['threshold', 'threshold'],
  ['ordered', 'bayer'],
  ['dither', 'floyd-steinberg'],
  ['atkinson', 'atkinson'],
  ['stucki', 'stucki'],
  ['jarvis', 'jarvis'],
  ['sierra', 'sierra'],
  ['halftone', 'halftone'],
  ['newsprint', 'halftone'],
  ['grayscale', 'greyscale'],
]);
const DITHER_OUT: Readonly<Record<Dither, string>> = {
  threshold: 'threshold',
  bayer: 'ordered',
  'floyd-steinberg': 'dither',
  atkinson: 'atkinson',
  stucki: 'stucki',
  jarvis: 'jarvis',
  sierra: 'sierra',
  halftone: 'halftone',
  greyscale: 'grayscale',
};

const PASS_DEFAULTS = craftPassSchema.parse({ mode: 'cut', minPower: 0, maxPower: 0, speed: 1 });
const BITMAP_DEFAULTS = craftBitmapSchema.parse({});
const readDither = (raw: string): Dither => DITHER_IN.get(raw) ?? BITMAP_DEFAULTS.dither;

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** A LightBurn number (invariant culture), or undefined for anything else: no NaN, no "12px", no "1,5". */
export function parseClbNumber(raw: string): number | undefined {
  const text = raw.trim();
  if (!NUMBER.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** What a field read so far, before the schema checks it; a value that is not a number stays text. */
export type Draft = Record<string, unknown>;

type PassKey<T> = { [K in keyof CraftPass]-?: CraftPass[K] extends T ? K : never }[keyof CraftPass];
type BitmapKey<T> = { [K in keyof CraftBitmap]-?: CraftBitmap[K] extends T ? K : never }[keyof CraftBitmap];

export interface ClbField {
  readonly tag: string;
  /** Read from Image settings only, written for image passes with a bitmap only. */
  readonly image: boolean;
  /** Written even where the original entry left it out. */
  readonly always: boolean;
  /** Kerf's own value, unknown to LightBurn: written only when it is not the default. */
  readonly kerf: boolean;
  /** Sets the draft; returns a problem for values the schema could not name (a flag that is not 0/1). */
  read(raw: string, pass: Draft, bitmap: Draft): string | undefined;
  write(pass: CraftPass, bitmap: CraftBitmap): string;
  isDefault(pass: CraftPass, bitmap: CraftBitmap): boolean;
  /** True when reading `raw` loses it (an unknown dither), so the reader keeps the text as well. */
  keepsOriginal?(raw: string): boolean;
  /** True when the kept text still stands for the value, so the writer gives it back unchanged. */
  givesBackOriginal?(raw: string, bitmap: CraftBitmap): boolean;
}

const plain = { image: false, always: false, kerf: false };
const onImage = { image: true, always: false, kerf: false };
const kerfImage = { image: true, always: false, kerf: true };

function flag(tag: string, raw: string, set: (value: boolean) => void): string | undefined {
  const text = raw.trim();
  if (text === '0' || text === '1') set(text === '1');
  else return `${tag} must be 0 or 1, not "${raw.slice(0, 40)}"`;
}

const passNumber = (tag: string, key: PassKey<number>, always = false): ClbField => ({
  tag,
  ...plain,
  always,
  read: (raw, pass) => {
    pass[key] = parseClbNumber(raw) ?? raw;
    return undefined;
  },
  write: (pass) => String(pass[key]),
  isDefault: (pass) => pass[key] === PASS_DEFAULTS[key],
});

const passFlag = (tag: string, key: PassKey<boolean>): ClbField => ({
  tag,
  ...plain,
  read: (raw, pass) =>
    flag(tag, raw, (value) => {
      pass[key] = value;
    }),
  write: (pass) => (pass[key] ? '1' : '0'),
  isDefault: (pass) => pass[key] === PASS_DEFAULTS[key],
});

const bitmapNumber = (tag: string, key: BitmapKey<number>, kind = onImage): ClbField => ({
  tag,
  ...kind,
  read: (raw, _pass, bitmap) => {
    bitmap[key] = parseClbNumber(raw) ?? raw;
    return undefined;
  },
  write: (_pass, bitmap) => String(bitmap[key]),
  isDefault: (_pass, bitmap) => bitmap[key] === BITMAP_DEFAULTS[key],
});

const bitmapText = (tag: string, key: BitmapKey<string>): ClbField => ({
  tag,
  ...kerfImage,
  read: (raw, _pass, bitmap) => {
    bitmap[key] = raw;
    return undefined;
  },
  write: (_pass, bitmap) => bitmap[key],
  isDefault: (_pass, bitmap) => bitmap[key] === BITMAP_DEFAULTS[key],
});

const ditherMode: ClbField = {
  tag: 'ditherMode',
  ...onImage,
  read: (raw, _pass, bitmap) => {
    bitmap.dither = readDither(raw);
    return undefined;
  },
  write: (_pass, bitmap) => DITHER_OUT[bitmap.dither],
  isDefault: (_pass, bitmap) => bitmap.dither === BITMAP_DEFAULTS.dither,
  keepsOriginal: (raw) => DITHER_OUT[readDither(raw)] !== raw,
  givesBackOriginal: (raw, bitmap) => readDither(raw) === bitmap.dither,
};

// LightBurn has one resolution; Kerf keeps a second only when the vertical one differs.
const dpi: ClbField = {
  tag: 'dpi',
  ...onImage,
  read: (raw, _pass, bitmap) => {
    bitmap.dpiX = parseClbNumber(raw) ?? raw;
    bitmap.dpiY ??= bitmap.dpiX;
    return undefined;
  },
  write: (_pass, bitmap) => String(bitmap.dpiX),
  isDefault: (_pass, bitmap) => bitmap.dpiX === BITMAP_DEFAULTS.dpiX && bitmap.dpiY === BITMAP_DEFAULTS.dpiY,
};
const kerfDpiY: ClbField = {
  ...bitmapNumber('KerfDpiY', 'dpiY', kerfImage),
  isDefault: (_pass, bitmap) => bitmap.dpiY === bitmap.dpiX,
};

const negImage: ClbField = {
  tag: 'negImage',
  ...onImage,
  read: (raw, _pass, bitmap) =>
    flag('negImage', raw, (value) => {
      bitmap.invert = value;
    }),
  write: (_pass, bitmap) => (bitmap.invert ? '1' : '0'),
  isDefault: (_pass, bitmap) => bitmap.invert === BITMAP_DEFAULTS.invert,
};

/** Every value Kerf understands, in the order Kerf writes them for a craft that never came from LightBurn. */
export const CLB_FIELDS: readonly ClbField[] = [
  passNumber('minPower', 'minPower', true),
  passNumber('maxPower', 'maxPower', true),
  passNumber('speed', 'speed', true),
  passNumber('numPasses', 'repeat', true),
  passNumber('frequency', 'frequency'),
  passNumber('QPulseWidth', 'pulseWidth'),
  passNumber('interval', 'interval'),
  passNumber('angle', 'angle'),
  passFlag('crossHatch', 'crossHatch'),
  passFlag('bidir', 'bidirectional'),
  passNumber('overscan', 'overscan'),
  passFlag('runBlower', 'airAssist'),
  passNumber('kerf', 'kerfOffset'),
  passNumber('zOffset', 'zOffset'),
  passNumber('zPerPass', 'zStep'),
  ditherMode,
  dpi,
  negImage,
  bitmapNumber('halftoneAngle', 'slope'),
  kerfDpiY,
  bitmapNumber('KerfGreyLevel', 'greyLevel', kerfImage),
  bitmapNumber('KerfDot', 'dot', kerfImage),
  bitmapNumber('KerfThreshold', 'threshold', kerfImage),
  bitmapText('KerfScanDirection', 'scanDirection'),
  bitmapText('KerfStartPosition', 'startPosition'),
];
export const CLB_FIELD_BY_TAG: ReadonlyMap<string, ClbField> = new Map(CLB_FIELDS.map((field) => [field.tag, field]));

/** Entry attributes with a meaning of their own, never kept among the entry's other attributes. */
export const CLB_ENTRY_ATTRIBUTES = {
  thickness: 'Thickness',
  name: 'Desc',
  machineModel: 'KerfMachineModel',
  laserType: 'KerfLaserType',
  powerClass: 'KerfPowerClass',
  description: 'KerfDescription',
} as const;
export const CLB_RESERVED_ATTRIBUTES: ReadonlySet<string> = new Set(Object.values(CLB_ENTRY_ATTRIBUTES));
/** LightBurn's "no thickness". */
export const CLB_NO_THICKNESS = -1;
