import { z } from 'zod';
import { MAX_ARRAY_COPIES } from '../toolpath/messages.js';
import { arrayCopyCount } from './array-object.js';
import { DITHER_METHODS, type KerfDocument } from './document.js';
import { FormatError } from './errors.js';
import { cutSettings, DOCUMENT_VERSION } from './layers.js';

/**
 * Kerf documents as JSON. Every file carries `version`; reading an older file runs the migrations from
 * its version up to DOCUMENT_VERSION, one step at a time, and then checks the result against the schema
 * below, so what reaches the editor or the planner is always a well-formed current document.
 */

const finite = z.number().finite();
const positive = finite.positive();
const vec = z.object({ x: finite, y: finite });
const matrix = z.tuple([finite, finite, finite, finite, finite, finite]);
const colour = z.string().regex(/^#[0-9a-f]{6}$/i);

const segment = z.discriminatedUnion('type', [
  z.object({ type: z.literal('line'), to: vec }),
  z.object({ type: z.literal('quad'), c: vec, to: vec }),
  z.object({ type: z.literal('cubic'), c1: vec, c2: vec, to: vec }),
  z.object({
    type: z.literal('arc'),
    rx: finite.nonnegative(),
    ry: finite.nonnegative(),
    rotation: finite,
    largeArc: z.boolean(),
    sweep: z.boolean(),
    to: vec,
  }),
]);
const lead = z.object({ kind: z.enum(['none', 'line', 'arc']), length: finite.nonnegative().max(100) });
const pathData = z.array(z.object({ start: vec, segments: z.array(segment), closed: z.boolean() }));

const layer = z.object({
  id: z.string().min(1),
  name: z.string(),
  color: colour,
  output: z.boolean(),
  hidden: z.boolean().optional(),
  locked: z.boolean().optional(),
  fill: z.enum(['none', 'whole', 'single']),
  reliefMargin: finite.nonnegative(),
  deleteOutline: z.boolean(),
  priority: finite,
  mode: z.enum(['cut', 'fill', 'image']),
  laserType: z.enum(['gas', 'fiber']),
  minPower: finite.nonnegative(),
  maxPower: finite.nonnegative(),
  speed: positive,
  frequency: finite.nonnegative(),
  pulseWidth: finite.nonnegative(),
  curveSmoothing: finite.nonnegative(),
  passes: z.number().int().min(1).max(100),
  fillSettings: z.object({
    interval: positive,
    angle: finite,
    crossHatch: z.boolean(),
    bidirectional: z.boolean(),
    overscan: finite.nonnegative(),
  }),
  optimisation: z.object({
    direction: z.enum(['x', 'y']),
    findRule: z.enum(['nearest', 'original']),
    insideOut: z.boolean(),
    layerOptimisation: z.boolean(),
    startPoint: z.enum(['auto', 'keep']),
    partitionSize: finite.nonnegative(),
  }),
  cut: z.object({
    kerfOffset: finite.min(-10).max(10),
    tabs: z.object({
      mode: z.enum(['none', 'count', 'spacing']),
      count: z.number().int().min(1).max(100),
      spacing: positive,
      width: finite.nonnegative().max(100),
      minLength: finite.nonnegative(),
    }),
    leadIn: lead,
    leadOut: lead,
    overcut: finite.nonnegative().max(100),
    zOffset: finite.min(-100).max(100),
    zStep: finite.nonnegative().max(100),
    passOrder: z.enum(['layer', 'shape']),
    airAssist: z.boolean(),
    dashes: z.enum(['solid', 'dashed']),
    perforation: z.object({
      mode: z.enum(['none', 'dash', 'dot']),
      on: positive,
      off: positive,
      spacing: positive,
      dwell: finite.nonnegative().max(10_000),
    }),
    cornerPower: z.boolean(),
  }),
});

const bitmapSettings = z.object({
  greyLevel: z.number().int().min(2).max(256),
  scanDirection: z.enum(['horizontal', 'vertical']),
  startPosition: z.enum(['top-left', 'top-right', 'bottom-left', 'bottom-right']),
  dpiX: positive.max(10_000),
  dpiY: positive.max(10_000),
  slope: finite,
  dot: positive,
  invert: z.boolean(),
  bidirectional: z.boolean(),
  dither: z.enum(DITHER_METHODS),
  threshold: z.number().int().min(0).max(255),
  brightness: finite.min(-100).max(100).optional(),
  contrast: finite.min(-100).max(100).optional(),
  gamma: finite.min(0.1).max(10).optional(),
});

const pixelRect = z.object({
  x: z.number().int().nonnegative(),
  y: z.number().int().nonnegative(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

const gradientBase = {
  transform: matrix,
  spread: z.enum(['pad', 'reflect', 'repeat']),
  stops: z
    .array(z.object({ offset: finite.min(0).max(1), color: colour, opacity: finite.min(0).max(1) }))
    .min(2)
    .max(1000),
};
const gradient = z.discriminatedUnion('kind', [
  z.object({ ...gradientBase, kind: z.literal('linear'), x1: finite, y1: finite, x2: finite, y2: finite }),
  z.object({
    ...gradientBase,
    kind: z.literal('radial'),
    cx: finite,
    cy: finite,
    r: positive,
    fx: finite,
    fy: finite,
    fr: finite.nonnegative(),
  }),
]);
const style = z.object({
  fill: colour.nullable().optional(),
  stroke: colour.nullable().optional(),
  strokeWidth: finite.nonnegative().optional(),
  fillRule: z.enum(['nonzero', 'evenodd']).optional(),
  opacity: finite.min(0).max(1).optional(),
  fillOpacity: finite.min(0).max(1).optional(),
  strokeOpacity: finite.min(0).max(1).optional(),
  fillGradient: gradient.optional(),
  strokeGradient: gradient.optional(),
  dash: z.array(finite.nonnegative()).max(1000).optional(),
  dashOffset: finite.optional(),
  lineCap: z.enum(['butt', 'round', 'square']).optional(),
  lineJoin: z.enum(['miter', 'round', 'bevel']).optional(),
  miterLimit: finite.min(1).optional(),
});

const base = { id: z.string().min(1), transform: matrix, name: z.string().optional() };
const leaf = { ...base, layerId: z.string().min(1), style: style.optional(), tabs: z.array(vec).optional() };

const leafShape = z.discriminatedUnion('kind', [
  z.object({ ...leaf, kind: z.literal('path'), path: pathData }),
  z.object({
    ...leaf,
    kind: z.literal('rect'),
    x: finite,
    y: finite,
    width: finite.nonnegative(),
    height: finite.nonnegative(),
    rx: finite.nonnegative(),
    ry: finite.nonnegative(),
  }),
  z.object({
    ...leaf,
    kind: z.literal('ellipse'),
    cx: finite,
    cy: finite,
    rx: finite.nonnegative(),
    ry: finite.nonnegative(),
  }),
  z.object({ ...leaf, kind: z.literal('polygon'), points: z.array(vec), closed: z.boolean() }),
  z.object({
    ...leaf,
    kind: z.literal('text'),
    text: z.string(),
    font: z.object({ family: z.string(), size: positive, weight: finite, style: z.enum(['normal', 'italic']) }),
    x: finite,
    y: finite,
    anchor: z.enum(['start', 'middle', 'end']),
    outline: pathData,
  }),
  z.object({
    ...leaf,
    kind: z.literal('bitmap'),
    x: finite,
    y: finite,
    width: positive,
    height: positive,
    src: z.string().min(1),
    pixelWidth: z.number().int().positive(),
    pixelHeight: z.number().int().positive(),
    settings: bitmapSettings,
    crop: pixelRect.optional(),
  }),
]);

/** Groups are checked one level at a time (see checkShapes), so deep nesting cannot exhaust the stack. */
const shapeArray = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('grid'),
      rows: z.number().int().min(1),
      columns: z.number().int().min(1),
      rowSpacing: finite.lt(300),
      columnSpacing: finite.lt(400),
    }),
    z.object({
      kind: z.literal('circular'),
      count: z.number().int().min(1),
      radius: finite.nonnegative(),
      rotate: z.boolean(),
    }),
  ])
  .refine((a) => arrayCopyCount(a) <= MAX_ARRAY_COPIES, `an array has at most ${MAX_ARRAY_COPIES} copies`);
const groupHead = z.object({
  ...base,
  kind: z.literal('group'),
  children: z.array(z.unknown()),
  array: shapeArray.optional(),
});

const documentHead = z.object({
  version: z.literal(DOCUMENT_VERSION),
  units: z.literal('mm'),
  width: positive,
  height: positive,
  layers: z.array(layer),
  shapes: z.array(z.unknown()),
  meta: z.object({
    name: z.string().optional(),
    source: z.string().optional(),
    warnings: z.array(z.string()).optional(),
  }),
});

/** Deepest group nesting a document may have. */
export const MAX_GROUP_DEPTH = 256;

/** A migration takes a document of version N (as parsed JSON) and returns it as version N + 1. */
export type Migration = (doc: Record<string, unknown>) => Record<string, unknown>;

/**
 * MIGRATIONS[n] upgrades version n to n + 1; a format change adds its step here and bumps
 * DOCUMENT_VERSION. 1 → 2: layers gained their cut features, all off.
 */
export const MIGRATIONS: Readonly<Record<number, Migration>> = {
  1: (doc) => ({
    ...doc,
    layers: Array.isArray(doc.layers)
      ? doc.layers.map((l: unknown) => (l && typeof l === 'object' ? { cut: cutSettings(), ...l } : l))
      : doc.layers,
  }),
};

function issueText(error: z.ZodError, prefix: (string | number)[] = []): string {
  const first = error.issues[0];
  if (!first) return 'the document is not valid';
  const where = [...prefix, ...first.path].join('.');
  return `${where || 'document'}: ${first.message}`;
}

function checkShapes(shapes: unknown[], layerIds: Set<string>): void {
  const stack: Array<{ list: unknown[]; path: (string | number)[]; depth: number }> = [
    { list: shapes, path: ['shapes'], depth: 0 },
  ];
  const ids = new Set<string>();
  while (stack.length > 0) {
    const { list, path, depth } = stack.pop()!;
    if (depth > MAX_GROUP_DEPTH) throw new FormatError('kerf', `groups are nested more than ${MAX_GROUP_DEPTH} deep`);
    for (const [i, item] of list.entries()) {
      const at = [...path, i];
      const kind = (item as { kind?: unknown } | null)?.kind;
      const parsed = kind === 'group' ? groupHead.safeParse(item) : leafShape.safeParse(item);
      if (!parsed.success) throw new FormatError('kerf', issueText(parsed.error, at));
      const shape = parsed.data;
      if (ids.has(shape.id)) throw new FormatError('kerf', `${at.join('.')}: the id "${shape.id}" is used twice`);
      ids.add(shape.id);
      if (shape.kind === 'group') stack.push({ list: shape.children, path: [...at, 'children'], depth: depth + 1 });
      else if (!layerIds.has(shape.layerId)) {
        throw new FormatError('kerf', `${at.join('.')}: the layer "${shape.layerId}" does not exist`);
      }
    }
  }
}

/** Brings a parsed document of any known version up to DOCUMENT_VERSION. */
export function migrateDocument(
  raw: unknown,
  migrations: Readonly<Record<number, Migration>> = MIGRATIONS,
  target = DOCUMENT_VERSION,
): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new FormatError('kerf', 'the file does not hold a Kerf document');
  }
  let doc = raw as Record<string, unknown>;
  const version = doc.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new FormatError('kerf', 'the document has no valid version number');
  }
  if (version > target) {
    throw new FormatError(
      'kerf',
      `the document was saved by a newer Kerf (format ${version}; this one reads up to ${target})`,
    );
  }
  for (let v = version; v < target; v++) {
    const step = migrations[v];
    if (!step) throw new FormatError('kerf', `no migration from format ${v} to ${v + 1}`);
    doc = { ...step(doc), version: v + 1 };
  }
  return doc;
}

/** Reads a Kerf document from JSON text (or an already parsed value), migrating older versions. */
export function parseDocument(input: string | unknown): KerfDocument {
  let raw: unknown = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch (e) {
      throw new FormatError('kerf', `not JSON (${(e as Error).message})`);
    }
  }
  const doc = migrateDocument(raw);
  const head = documentHead.safeParse(doc);
  if (!head.success) throw new FormatError('kerf', issueText(head.error));
  const layerIds = new Set(head.data.layers.map((l) => l.id));
  if (layerIds.size !== head.data.layers.length) throw new FormatError('kerf', 'two layers share one id');
  checkShapes(head.data.shapes, layerIds);
  return doc as unknown as KerfDocument;
}

/** The document as JSON text (the current format). */
export function serializeDocument(doc: KerfDocument): string {
  return JSON.stringify({ ...doc, version: DOCUMENT_VERSION });
}
