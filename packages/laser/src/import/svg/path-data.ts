import type { Vec2 } from '../../model/matrix.js';
import type { PathData, Segment, SubPath } from '../../model/path.js';

/**
 * The SVG path mini-language (`d` attribute) read into Kerf path data. Every command in both absolute
 * and relative form, implicit repetition, the number grammar's shortcuts (`1.5.5` is 1.5 then .5,
 * `1-2` is 1 then −2, `1e-3`), and arc flags written without separators (`a1 1 0 01 5 5`). On an error
 * the path keeps everything up to the last complete command, as the SVG rules say, and `error` tells why.
 */

export interface ParsedPath {
  path: PathData;
  /** Why reading stopped early, or null when the whole attribute was read. */
  error: string | null;
}

const ARG_COUNT: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };

function isWs(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12;
}

/** Reads path data. */
export function parsePathData(d: string): ParsedPath {
  return new PathReader(d).read();
}

class PathReader {
  private i = 0;
  private readonly out: SubPath[] = [];
  private sub: SubPath | null = null;
  private cur: Vec2 = { x: 0, y: 0 };
  private start: Vec2 = { x: 0, y: 0 };
  /** Control point for S/T reflection, when the previous command was of the matching kind. */
  private lastCubic: Vec2 | null = null;
  private lastQuad: Vec2 | null = null;
  private readonly args = new Float64Array(7);

  constructor(private readonly s: string) {}

  read(): ParsedPath {
    const s = this.s;
    const n = s.length;
    let cmd = '';
    let first = true;
    this.skipWs();
    while (this.i < n) {
      const letter = s[this.i]!;
      if (ARG_COUNT[letter.toLowerCase()] !== undefined) {
        cmd = letter;
        this.i++;
      } else if (cmd === '' || cmd === 'z' || cmd === 'Z') {
        return this.finish(`unexpected '${letter}' in path data`);
      }
      if (first && cmd !== 'M' && cmd !== 'm') return this.finish('path data must start with M');
      first = false;
      const count = ARG_COUNT[cmd.toLowerCase()]!;
      if (!this.readArgs(count, cmd.toLowerCase() === 'a')) return this.finish(`bad numbers after '${cmd}'`);
      this.apply(cmd);
      // After a moveto, further coordinate pairs are linetos.
      if (cmd === 'M') cmd = 'L';
      else if (cmd === 'm') cmd = 'l';
      this.skipSep();
    }
    return this.finish(null);
  }

  private finish(error: string | null): ParsedPath {
    this.flush();
    return { path: this.out, error };
  }

  private skipWs(): void {
    while (this.i < this.s.length && isWs(this.s.charCodeAt(this.i))) this.i++;
  }

  /** Skips white space and at most one comma. */
  private skipSep(): void {
    this.skipWs();
    if (this.s.charCodeAt(this.i) === 44) {
      this.i++;
      this.skipWs();
    }
  }

  /** Reads `count` arguments into `this.args` (flags as single 0/1 characters for arcs). */
  private readArgs(count: number, arc: boolean): boolean {
    for (let k = 0; k < count; k++) {
      if (k > 0) this.skipSep();
      else this.skipWs();
      if (arc && (k === 3 || k === 4)) {
        const c = this.s.charCodeAt(this.i);
        if (c !== 48 && c !== 49) return false;
        this.args[k] = c - 48;
        this.i++;
        continue;
      }
      const v = this.number();
      if (v === null) return false;
      this.args[k] = v;
    }
    return true;
  }

  /** One number per the SVG grammar, scanned by hand (the hot loop of big files). */
  private number(): number | null {
    const s = this.s;
    const from = this.i;
    let i = from;
    let c = s.charCodeAt(i);
    if (c === 43 || c === 45) c = s.charCodeAt(++i);
    let digits = 0;
    while (c >= 48 && c <= 57) {
      digits++;
      c = s.charCodeAt(++i);
    }
    if (c === 46) {
      c = s.charCodeAt(++i);
      while (c >= 48 && c <= 57) {
        digits++;
        c = s.charCodeAt(++i);
      }
    }
    if (digits === 0) return null;
    if (c === 101 || c === 69) {
      let j = i + 1;
      let e = s.charCodeAt(j);
      if (e === 43 || e === 45) e = s.charCodeAt(++j);
      if (e >= 48 && e <= 57) {
        while (e >= 48 && e <= 57) e = s.charCodeAt(++j);
        i = j;
      }
    }
    this.i = i;
    const v = Number(s.slice(from, i));
    return Number.isFinite(v) ? v : null;
  }

  /** Ends the current sub-path, keeping it when it has segments. */
  private flush(): void {
    if (this.sub && this.sub.segments.length > 0) this.out.push(this.sub);
    this.sub = null;
  }

  /** The sub-path being drawn, opened at the current point after a Z. */
  private open(): SubPath {
    if (!this.sub) this.sub = { start: { ...this.cur }, segments: [], closed: false };
    return this.sub;
  }

  private push(seg: Segment): void {
    this.open().segments.push(seg);
    this.cur = seg.to;
  }

  private apply(cmd: string): void {
    const a = this.args;
    const rel = cmd === cmd.toLowerCase();
    const ox = rel ? this.cur.x : 0;
    const oy = rel ? this.cur.y : 0;
    const pt = (k: number): Vec2 => ({ x: a[k]! + ox, y: a[k + 1]! + oy });
    let cubicCtrl: Vec2 | null = null;
    let quadCtrl: Vec2 | null = null;
    switch (cmd.toLowerCase()) {
      case 'm':
        this.flush();
        this.cur = pt(0);
        this.start = this.cur;
        this.sub = { start: this.cur, segments: [], closed: false };
        break;
      case 'l':
        this.push({ type: 'line', to: pt(0) });
        break;
      case 'h':
        this.push({ type: 'line', to: { x: a[0]! + ox, y: this.cur.y } });
        break;
      case 'v':
        this.push({ type: 'line', to: { x: this.cur.x, y: a[0]! + oy } });
        break;
      case 'c':
        cubicCtrl = pt(2);
        this.push({ type: 'cubic', c1: pt(0), c2: cubicCtrl, to: pt(4) });
        break;
      case 's': {
        const c1 = this.lastCubic ? reflect(this.lastCubic, this.cur) : { ...this.cur };
        cubicCtrl = pt(0);
        this.push({ type: 'cubic', c1, c2: cubicCtrl, to: pt(2) });
        break;
      }
      case 'q':
        quadCtrl = pt(0);
        this.push({ type: 'quad', c: quadCtrl, to: pt(2) });
        break;
      case 't':
        quadCtrl = this.lastQuad ? reflect(this.lastQuad, this.cur) : { ...this.cur };
        this.push({ type: 'quad', c: quadCtrl, to: pt(0) });
        break;
      case 'a':
        this.arc(a[0]!, a[1]!, a[2]!, a[3] === 1, a[4] === 1, pt(5));
        break;
      default:
        this.close();
    }
    this.lastCubic = cubicCtrl;
    this.lastQuad = quadCtrl;
  }

  /** An arc; zero radii make it a straight line and negative radii count as positive (SVG F.6.6). */
  private arc(rx: number, ry: number, rotation: number, largeArc: boolean, sweep: boolean, to: Vec2): void {
    if (to.x === this.cur.x && to.y === this.cur.y) return;
    if (rx === 0 || ry === 0) this.push({ type: 'line', to });
    else this.push({ type: 'arc', rx: Math.abs(rx), ry: Math.abs(ry), rotation, largeArc, sweep, to });
  }

  private close(): void {
    if (this.sub) {
      this.sub.closed = true;
      this.cur = this.sub.start;
      this.flush();
    } else this.cur = this.start;
  }
}

function reflect(p: Vec2, about: Vec2): Vec2 {
  return { x: 2 * about.x - p.x, y: 2 * about.y - p.y };
}
