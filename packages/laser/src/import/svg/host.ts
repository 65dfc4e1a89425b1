import type { Shape } from '../../model/document.js';
import type { Matrix } from '../../model/matrix.js';
import type { ComputedStyle } from './style.js';
import type { XmlElement } from './xml.js';

/** The viewport lengths resolve against: its width and height in user units, and the root's font size. */
export interface Viewport {
  vw: number;
  vh: number;
  /** The root's font size, px (for rem). */
  rem: number;
}

/**
 * What the importer's helpers (clip paths, markers, patterns, gradients, text layout) need from the SVG
 * converter: one interface the converter implements once; each helper takes the part it uses.
 */
export interface SvgHost {
  /** The namespace treated as SVG. */
  svgNs(): string;
  byId(id: string): XmlElement | undefined;
  declaredOf(el: XmlElement): Map<string, string>;
  /** The shapes of `el`'s children: `outer` goes in front of each child's transform, `base` maps to the document. */
  children(el: XmlElement, style: ComputedStyle, vp: Viewport, place: { outer: Matrix; base: Matrix }): Shape[];
  /** Converts one element with the given style and placement. */
  convert(el: XmlElement, style: ComputedStyle, vp: Viewport, base: Matrix): Shape | null;
  /** Runs `make` with clip content mode on: shapes count by geometry, whatever their paint. */
  inClipContent<T>(make: () => T): T;
  /** Runs `make` unless `el` is already being expanded (an element used inside itself), else `otherwise`. */
  once<T>(el: XmlElement, make: () => T, otherwise: T): T;
  warn(message: string): void;
  newId(): string;
}
