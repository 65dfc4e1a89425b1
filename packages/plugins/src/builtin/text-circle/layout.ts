import type { Vec2 } from '@kerf/laser';

/**
 * Where each character of a text set round a circle goes. Angles are degrees clockwise from the top
 * of the circle as seen on screen (0° at 12 o'clock, 90° at 3 o'clock). Characters are laid one after
 * another along the circle by their advance widths (plus the letter spacing) measured on the circle
 * itself, which is each character's baseline; the middle of the whole text sits at `angle`.
 */

export type CircleDirection = 'clockwise' | 'counterclockwise';
/** `outside`: tops point away from the centre; `inside`: tops point to the centre (read from inside). */
export type CircleSide = 'outside' | 'inside';

export interface CircleTextSpec {
  centre: Vec2;
  /** mm. */
  radius: number;
  /** Where the middle of the text sits, degrees clockwise from the top. */
  angle: number;
  direction: CircleDirection;
  side: CircleSide;
  /** Added between neighbouring characters, mm (negative tightens). */
  letterSpacing: number;
}

export interface PlacedCharacter {
  char: string;
  /** The middle of the character's baseline, on the circle. */
  at: Vec2;
  /** Degrees clockwise from the top where the character sits. */
  angle: number;
  /** The character's turn about `at`, degrees (positive turns +x towards +y, clockwise on screen). */
  rotation: number;
}

/** The length along the circle the text takes, mm. */
export function textArcLength(advances: readonly number[], letterSpacing: number): number {
  return advances.reduce((sum, a) => sum + a, 0) + letterSpacing * Math.max(0, advances.length - 1);
}

export function placeOnCircle(
  chars: readonly string[],
  advances: readonly number[],
  spec: CircleTextSpec,
): PlacedCharacter[] {
  const length = textArcLength(advances, spec.letterSpacing);
  const sign = spec.direction === 'clockwise' ? 1 : -1;
  const out: PlacedCharacter[] = [];
  let along = 0;
  for (let i = 0; i < chars.length; i++) {
    const advance = advances[i] ?? 0;
    const middle = along + advance / 2 - length / 2;
    along += advance + spec.letterSpacing;
    const angle = spec.angle + (sign * ((middle / spec.radius) * 180)) / Math.PI;
    const rad = (angle * Math.PI) / 180;
    out.push({
      char: chars[i]!,
      at: { x: spec.centre.x + spec.radius * Math.sin(rad), y: spec.centre.y - spec.radius * Math.cos(rad) },
      angle,
      // Upright at the top is no turn; a character read from inside is upside down there.
      rotation: spec.side === 'outside' ? angle : angle + 180,
    });
  }
  return out;
}

/**
 * Per-character advances from what the host measured. The host measures per character as JavaScript
 * counts them (UTF-16 units) or per code point; either way each code point gets its width.
 */
export function advancesPerCharacter(chars: readonly string[], measured: readonly number[]): number[] {
  if (measured.length === chars.length) return [...measured];
  const units = chars.reduce((n, c) => n + c.length, 0);
  if (measured.length !== units) {
    throw new Error(`the host measured ${measured.length} widths for ${chars.length} characters`);
  }
  const out: number[] = [];
  let at = 0;
  for (const c of chars) {
    let width = 0;
    for (let k = 0; k < c.length; k++) width += measured[at++] ?? 0;
    out.push(width);
  }
  return out;
}
