import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { onFirstUse } from '../../infra/on-first-use.js';

/**
 * The captcha picture: characters rasterised from a font and then warped, so what leaves the server is
 * pixels, never glyph outlines a program could match (the old SVG captcha was read 500 out of 500 times
 * that way). Every glyph gets its own size, rotation and slant, the whole picture a two-way sine-wave
 * displacement, and noise curves and dots are laid over the text, all drawn at random, so the same
 * answer never gives the same pixels.
 */

/** Letters and digits a person will not confuse when tilted, in either case (no 0/O/Q/D, 1/I/J/L/T, 5/S, 2/Z, 8/B, 6/G, U/V). */
export const CAPTCHA_ALPHABET = 'ACEFHKMNPRWXY34679';
export const CAPTCHA_LENGTH = 4;

/** Shown at 120 × 38 CSS pixels; drawn at twice that for sharp screens. */
const WIDTH = 240;
const HEIGHT = 76;
const FAMILY = 'KerfCaptchaSans';

/**
 * The canvas library with the captcha's face registered, loaded on the first captcha: Skia is some
 * 20 MB a server would otherwise hold from its start whether anyone asks for a captcha or not. The
 * face ships with the server (an npm font package), so the picture does not depend on system fonts.
 */
const loadCanvas = onFirstUse(async () => {
  const canvas = await import('@napi-rs/canvas');
  const require = createRequire(import.meta.url);
  const files = join(dirname(require.resolve('@fontsource/noto-sans/package.json')), 'files');
  canvas.GlobalFonts.register(readFileSync(join(files, 'noto-sans-latin-700-normal.woff')), FAMILY);
  if (!canvas.GlobalFonts.has(FAMILY)) throw new Error('the captcha font could not be loaded');
  return canvas;
});

/** A uniform number in [min, max), from the crypto source so the pictures cannot be predicted. */
function between(min: number, max: number) {
  return min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
}

export function captchaText(length = CAPTCHA_LENGTH): string {
  let text = '';
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)];
  return text;
}

/** Dark, saturated ink: readable on the pale ground, but not one colour a program could key on. */
function ink() {
  return `hsl(${Math.round(between(0, 360))} ${Math.round(between(55, 85))}% ${Math.round(between(22, 38))}%)`;
}

function paintGround(g: SKRSContext2D) {
  const hue = between(0, 360);
  const ground = g.createLinearGradient(0, 0, WIDTH, HEIGHT);
  ground.addColorStop(0, `hsl(${hue} 45% 94%)`);
  ground.addColorStop(1, `hsl(${(hue + between(60, 160)) % 360} 45% 90%)`);
  g.fillStyle = ground;
  g.fillRect(0, 0, WIDTH, HEIGHT);
  // faint blotches, so the ground is not one flat colour to subtract
  for (let i = 0; i < 14; i++) {
    g.fillStyle = `hsl(${Math.round(between(0, 360))} 50% 80% / 0.35)`;
    g.beginPath();
    g.arc(between(0, WIDTH), between(0, HEIGHT), between(4, 16), 0, Math.PI * 2);
    g.fill();
  }
}

function paintGlyphs(g: SKRSContext2D, text: string) {
  const cell = (WIDTH - 24) / text.length;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  for (let i = 0; i < text.length; i++) {
    const size = between(40, 54);
    g.save();
    g.translate(12 + cell * (i + 0.5) + between(-6, 6), HEIGHT / 2 + between(-6, 6));
    g.rotate(between(-0.35, 0.35));
    g.transform(1, 0, between(-0.25, 0.25), 1, 0, 0);
    g.scale(between(0.85, 1.15), between(0.9, 1.1));
    g.font = `${size.toFixed(1)}px ${FAMILY}`;
    g.fillStyle = ink();
    g.fillText(text[i]!, 0, 0);
    g.restore();
  }
}

/** Moves every pixel along two sine waves (across and down), so straight strokes and baselines bend. */
function warp(g: SKRSContext2D) {
  const source = g.getImageData(0, 0, WIDTH, HEIGHT).data;
  const target = g.createImageData(WIDTH, HEIGHT);
  const out = target.data;
  const ax = between(3, 6);
  const ay = between(3, 6);
  const px = between(40, 70);
  const py = between(60, 120);
  const fx = between(0, Math.PI * 2);
  const fy = between(0, Math.PI * 2);
  // the horizontal shift depends on the row only, the vertical one on the column only
  const shiftX = Float64Array.from({ length: HEIGHT }, (_, y) => ax * Math.sin((2 * Math.PI * y) / px + fx));
  const shiftY = Float64Array.from({ length: WIDTH }, (_, x) => ay * Math.sin((2 * Math.PI * x) / py + fy));
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      // sampled between the four nearest source pixels, so the bent strokes keep smooth edges
      const sx = Math.min(WIDTH - 1.001, Math.max(0, x + shiftX[y]!));
      const sy = Math.min(HEIGHT - 1.001, Math.max(0, y + shiftY[x]!));
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const dx = sx - x0;
      const dy = sy - y0;
      const a = (y0 * WIDTH + x0) * 4;
      const b = a + 4;
      const c = a + WIDTH * 4;
      const d = c + 4;
      const to = (y * WIDTH + x) * 4;
      for (let k = 0; k < 3; k++) {
        const top = source[a + k]! * (1 - dx) + source[b + k]! * dx;
        const bottom = source[c + k]! * (1 - dx) + source[d + k]! * dx;
        out[to + k] = top * (1 - dy) + bottom * dy;
      }
      out[to + 3] = 255;
    }
  }
  g.putImageData(target, 0, 0);
}

function paintNoise(g: SKRSContext2D) {
  for (let i = 0; i < 3; i++) {
    g.strokeStyle = ink();
    g.lineWidth = between(1.2, 2.4);
    g.beginPath();
    g.moveTo(between(0, 20), between(10, HEIGHT - 10));
    g.bezierCurveTo(
      between(50, 110),
      between(0, HEIGHT),
      between(130, 190),
      between(0, HEIGHT),
      between(WIDTH - 20, WIDTH),
      between(10, HEIGHT - 10),
    );
    g.stroke();
  }
  for (let i = 0; i < 60; i++) {
    g.fillStyle = ink();
    g.fillRect(between(0, WIDTH), between(0, HEIGHT), between(1.5, 3), between(1.5, 3));
  }
}

/** A PNG picture of the text, different pixels on every call. */
export async function drawCaptcha(text: string): Promise<Buffer> {
  const canvas = (await loadCanvas()).createCanvas(WIDTH, HEIGHT);
  const g = canvas.getContext('2d');
  paintGround(g);
  paintGlyphs(g, text);
  warp(g);
  paintNoise(g);
  return canvas.encodeSync('png');
}
