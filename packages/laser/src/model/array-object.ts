import { MAX_ARRAY_COPIES } from '../toolpath/messages.js';
import type { CircularArray, GridArray, ShapeArray } from './document.js';
import { type Bilingual, LASER_MESSAGES, SettingError } from './errors.js';
import { apply, type Bounds, IDENTITY, isEmptyBounds, type Matrix, rotate, translate } from './matrix.js';

/**
 * Array objects (SPEC §3 "Array"): a group whose children are the source and whose `array` says where
 * the copies go. The copies are never stored; they are derived here, so editing the source or the
 * settings moves every copy, until the editor breaks the array apart into plain shapes.
 */

/** The input field a problem belongs to (the dialog shows each message under its own field). */
export type ArrayField = 'rows' | 'columns' | 'rowSpacing' | 'columnSpacing' | 'count' | 'radius' | 'copies';

export interface ArrayProblem {
  field: ArrayField;
  text: Bilingual;
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1;
const isFiniteNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** How many copies the array makes (the source counts as the first); NaN when the counts are not valid. */
export function arrayCopyCount(array: ShapeArray): number {
  if (array.kind === 'grid') return isCount(array.rows) && isCount(array.columns) ? array.rows * array.columns : NaN;
  return isCount(array.count) ? array.count : NaN;
}

/**
 * Everything wrong with a grid array, in the SPEC's words (§5): rows and columns present and whole
 * numbers of at least 1, a row spacing below 300 mm, a column spacing below 400 mm, at most 10,000 copies.
 * The rules are those of `validateArray` (the job-wide array), per field.
 */
export function gridArrayProblems(a: GridArray): ArrayProblem[] {
  const out: ArrayProblem[] = [];
  if (!isCount(a.rows)) out.push({ field: 'rows', text: LASER_MESSAGES.arrayCountsRequired });
  if (!isCount(a.columns)) out.push({ field: 'columns', text: LASER_MESSAGES.arrayCountsRequired });
  if (!(isFiniteNumber(a.rowSpacing) && a.rowSpacing < 300))
    out.push({ field: 'rowSpacing', text: LASER_MESSAGES.arrayRowSpacing });
  if (!(isFiniteNumber(a.columnSpacing) && a.columnSpacing < 400))
    out.push({ field: 'columnSpacing', text: LASER_MESSAGES.arrayColumnSpacing });
  if (arrayCopyCount(a) > MAX_ARRAY_COPIES) out.push({ field: 'copies', text: LASER_MESSAGES.arrayTooMany });
  return out;
}

/** Everything wrong with a circular array: a whole count of at least 1, a radius of 0 or more, ≤ 10,000 copies. */
export function circularArrayProblems(a: CircularArray): ArrayProblem[] {
  const out: ArrayProblem[] = [];
  if (!isCount(a.count)) out.push({ field: 'count', text: LASER_MESSAGES.arrayCountRequired });
  else if (a.count > MAX_ARRAY_COPIES) out.push({ field: 'copies', text: LASER_MESSAGES.arrayTooMany });
  if (!(isFiniteNumber(a.radius) && a.radius >= 0)) out.push({ field: 'radius', text: LASER_MESSAGES.arrayRadius });
  return out;
}

export function arrayProblems(array: ShapeArray): ArrayProblem[] {
  return array.kind === 'grid' ? gridArrayProblems(array) : circularArrayProblems(array);
}

/** Throws SettingError with the first problem of a circular array. */
export function validateCircularArray(a: CircularArray): void {
  const first = circularArrayProblems(a)[0];
  if (first) throw new SettingError(first.text);
}

/** Throws SettingError with the first problem of an array object's settings. */
export function validateShapeArray(array: ShapeArray): void {
  const first = arrayProblems(array)[0];
  if (first) throw new SettingError(first.text);
}

/** One derived copy: where it goes (in the group's own coordinates) and the suffix its leaves' ids get. */
export interface ArrayCopyPlacement {
  /** Applied to the source before the group's transform. */
  matrix: Matrix;
  /** `#i`: appended to the ids of the copy's leaves so every copy's toolpaths stay apart. */
  suffix: string;
}

/**
 * The copies of an array whose source has `source` bounds (group coordinates), the source first. Settings
 * that are not valid give the source alone: a document is checked when it is read (json.ts) and the
 * editor checks before it applies, so this only keeps a hand-made document from blowing up.
 */
export function arrayCopyPlacements(array: ShapeArray, source: Bounds): ArrayCopyPlacement[] {
  if (arrayProblems(array).length > 0) return [{ matrix: IDENTITY, suffix: '#0' }];
  const empty = isEmptyBounds(source);
  const width = empty ? 0 : source.maxX - source.minX;
  const height = empty ? 0 : source.maxY - source.minY;
  const cx = empty ? 0 : (source.minX + source.maxX) / 2;
  const cy = empty ? 0 : (source.minY + source.maxY) / 2;
  const out: ArrayCopyPlacement[] = [];
  if (array.kind === 'grid') {
    const stepX = width + array.columnSpacing;
    const stepY = height + array.rowSpacing;
    for (let r = 0; r < array.rows; r++) {
      for (let c = 0; c < array.columns; c++) {
        out.push({ matrix: translate(c * stepX, r * stepY), suffix: `#${out.length}` });
      }
    }
    return out;
  }
  const centreY = cy + array.radius;
  for (let i = 0; i < array.count; i++) {
    const degrees = (360 * i) / array.count;
    const turn = rotate(degrees, cx, centreY);
    // without rotation the copy keeps its upright pose and only its centre travels round the circle
    const at = apply(turn, { x: cx, y: cy });
    const matrix = i === 0 ? IDENTITY : array.rotate ? turn : translate(at.x - cx, at.y - cy);
    out.push({ matrix, suffix: `#${i}` });
  }
  return out;
}
