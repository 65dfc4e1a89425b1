import { defaultParams, type PluginParamValues, pluginManifestSchema } from '@kerf/contract';
import { apply, applyVector, type EllipseShape, type FontSpec, leafShapes, type TextShape } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { checkFragment } from '../../fragment.js';
import type { PluginContext } from '../../sdk.js';
import { plugin } from './index.js';
import { advancesPerCharacter } from './layout.js';

/** A stand-in for the host's font: narrow i and space, wide W and CJK, everything else 0.6 em. */
function fakeWidth(ch: string, size: number): number {
  if (ch === 'i' || ch === ' ') return 0.3 * size;
  if (ch === 'W') return 0.9 * size;
  return ch.codePointAt(0)! > 0x2e80 ? size : 0.6 * size;
}

function contextWith(calls: { text: string; font: FontSpec }[] = []): PluginContext {
  return {
    locale: 'en',
    workArea: { width: 400, height: 300 },
    measureText: async (text, font) => {
      calls.push({ text, font });
      return Array.from(text).map((c) => fakeWidth(c, font.size));
    },
  };
}

async function runCircle(overrides: PluginParamValues, ctx = contextWith()) {
  const params = { ...defaultParams(plugin.manifest.parameters), guideCircle: true, ...overrides };
  const answer = await plugin.run(params, ctx);
  const checked = checkFragment(answer, ctx.workArea);
  const placed = leafShapes(checked.document.shapes);
  const letters = placed.filter((p) => p.shape.kind === 'text').map((p) => ({ ...p, shape: p.shape as TextShape }));
  const circle = placed.find((p) => p.shape.kind === 'ellipse')?.shape as EllipseShape | undefined;
  return { answer, checked, letters, circle };
}

/** Degrees clockwise from the top, as the plugin measures angles. */
const clockAngle = (p: { x: number; y: number }, c: { x: number; y: number }) =>
  (Math.atan2(p.x - c.x, -(p.y - c.y)) * 180) / Math.PI;

const normalise = (deg: number) => ((((deg + 180) % 360) + 360) % 360) - 180;

describe('kerf.text-circle', () => {
  it('has a manifest the package schema accepts, and a 24×24 icon in the current colour', () => {
    expect(pluginManifestSchema.parse(plugin.manifest)).toEqual(plugin.manifest);
    expect(plugin.manifest.id).toBe('kerf.text-circle');
    expect(plugin.icon).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/);
    expect(plugin.icon).toContain('currentColor');
  });

  it('measures the text once in the font it sets, and answers one centred text shape per visible character', async () => {
    const calls: { text: string; font: FontSpec }[] = [];
    const { checked, letters, circle, answer } = await runCircle({ text: 'Wi Fi', fontSize: 5 }, contextWith(calls));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.text).toBe('Wi Fi');
    expect(calls[0]!.font.size).toBe(5);
    expect(letters.map((l) => l.shape.text)).toEqual(['W', 'i', 'F', 'i']);
    for (const l of letters) {
      expect(l.shape.anchor).toBe('middle');
      expect(l.shape.font).toEqual(calls[0]!.font);
      expect(l.shape.outline).toEqual([]);
    }
    expect(checked.textCount).toBe(4);
    expect(answer.placement).toBe('free');
    // The guide circle goes on a cut layer of its own, and the drawing lies in positive coordinates.
    expect(circle?.layerId).toBe('circle');
    expect(checked.document.layers.map((l) => [l.id, l.mode])).toEqual([
      ['text', 'cut'],
      ['circle', 'cut'],
    ]);
    expect(circle!.cx - circle!.rx).toBeGreaterThan(0);
    expect(circle!.cy - circle!.ry).toBeGreaterThan(0);
  });

  for (const direction of ['clockwise', 'counterclockwise'] as const) {
    for (const side of ['outside', 'inside'] as const) {
      it(`lays the characters along the circle by their advances (${direction}, ${side})`, async () => {
        const text = 'Wide 激光 i';
        const radius = 25;
        const fontSize = 4;
        const spacing = 0.5;
        const angle = 40;
        const { letters, circle } = await runCircle({
          text,
          radius,
          fontSize,
          angle,
          direction,
          side,
          letterSpacing: spacing,
        });
        const centre = { x: circle!.cx, y: circle!.cy };
        expect(circle!.rx).toBe(radius);
        const chars = Array.from(text);
        const advances = chars.map((c) => fakeWidth(c, fontSize));
        const sign = direction === 'clockwise' ? 1 : -1;
        // Arc length from the start of the text to each character's middle, and the whole length.
        const middles: number[] = [];
        let along = 0;
        for (const a of advances) {
          middles.push(along + a / 2);
          along += a + spacing;
        }
        const length = along - spacing;
        const visible = chars.flatMap((c, i) => (c.trim() ? [i] : []));
        expect(letters.map((l) => l.shape.text)).toEqual(visible.map((i) => chars[i]));
        letters.forEach((letter, k) => {
          const i = visible[k]!;
          const at = apply(letter.matrix, { x: letter.shape.x, y: letter.shape.y });
          // Turned about its own baseline point, which lies on the circle.
          expect(at.x).toBeCloseTo(letter.shape.x, 9);
          expect(at.y).toBeCloseTo(letter.shape.y, 9);
          expect(Math.hypot(at.x - centre.x, at.y - centre.y)).toBeCloseTo(radius, 9);
          // The text's middle sits at `angle`; each character is its arc distance from there.
          const expected = angle + ((sign * (middles[i]! - length / 2)) / radius) * (180 / Math.PI);
          expect(normalise(clockAngle(at, centre) - expected)).toBeCloseTo(0, 9);
          // The baseline runs along the circle's tangent, and the tops point out (or in).
          const baseline = applyVector(letter.matrix, { x: 1, y: 0 });
          const up = applyVector(letter.matrix, { x: 0, y: -1 });
          const outward = { x: (at.x - centre.x) / radius, y: (at.y - centre.y) / radius };
          expect(baseline.x * outward.x + baseline.y * outward.y).toBeCloseTo(0, 9);
          expect(up.x * outward.x + up.y * outward.y).toBeCloseTo(side === 'outside' ? 1 : -1, 9);
        });
      });
    }
  }

  it('reads in order: left to right over the top clockwise, and under the bottom counter-clockwise inwards', async () => {
    const top = await runCircle({ text: 'ABCDE', angle: 0, direction: 'clockwise', side: 'outside' });
    const topX = top.letters.map((l) => l.shape.x);
    expect(topX).toEqual([...topX].sort((a, b) => a - b));
    const bottom = await runCircle({ text: 'ABCDE', angle: 180, direction: 'counterclockwise', side: 'inside' });
    const bottomX = bottom.letters.map((l) => l.shape.x);
    expect(bottomX).toEqual([...bottomX].sort((a, b) => a - b));
    // Under the bottom, read from inside, the letters stand upright on screen.
    const middle = bottom.letters[2]!;
    expect(applyVector(middle.matrix, { x: 0, y: -1 }).y).toBeCloseTo(-1, 9);
  });

  it('mirrors the placement about the position angle when the direction flips', async () => {
    const cw = await runCircle({ text: 'KERF 2024', angle: 30, direction: 'clockwise' });
    const ccw = await runCircle({ text: 'KERF 2024', angle: 30, direction: 'counterclockwise' });
    const centre = { x: cw.circle!.cx, y: cw.circle!.cy };
    cw.letters.forEach((letter, i) => {
      const other = ccw.letters[i]!;
      expect(other.shape.text).toBe(letter.shape.text);
      const a = clockAngle(letter.shape, centre);
      const b = clockAngle(other.shape, centre);
      expect(normalise(a - 30 + (b - 30))).toBeCloseTo(0, 9);
    });
    expect(clockAngle(cw.letters[0]!.shape, centre)).toBeLessThan(clockAngle(cw.letters[1]!.shape, centre));
    expect(clockAngle(ccw.letters[0]!.shape, centre)).toBeGreaterThan(clockAngle(ccw.letters[1]!.shape, centre));
  });

  it('leaves the circle out unless asked', async () => {
    const { circle, checked } = await runCircle({ text: 'ABC', guideCircle: false });
    expect(circle).toBeUndefined();
    expect(checked.document.layers).toHaveLength(1);
  });

  it('takes widths measured per UTF-16 unit as well as per character', () => {
    expect(advancesPerCharacter(['a', '😀', 'b'], [1, 2, 3])).toEqual([1, 2, 3]);
    expect(advancesPerCharacter(['a', '😀', 'b'], [1, 2, 0, 3])).toEqual([1, 2, 3]);
    expect(() => advancesPerCharacter(['a', 'b'], [1])).toThrow(/measured 1 widths/);
  });

  it('refuses empty text and text longer than the circle, in the reader’s language', async () => {
    await expect(runCircle({ text: '  ' })).rejects.toThrow(/Enter the text/);
    await expect(runCircle({ text: 'x'.repeat(100), radius: 5, fontSize: 5 })).rejects.toThrow(
      /longer than the circle \(300\.0 mm > 31\.4 mm\)/,
    );
    const zh = { ...contextWith(), locale: 'zh-CN' as const };
    await expect(runCircle({ text: 'x'.repeat(100), radius: 5, fontSize: 5 }, zh)).rejects.toThrow(/文字比圆周还长/);
  });
});
