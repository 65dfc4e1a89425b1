/**
 * A uniform grid over a fixed set of candidate points for repeated nearest-neighbour queries while
 * points come and go. Points start out absent; `insert` makes one findable, `remove` takes it away for
 * good. Cells are sized for about two points each; the grid is rebuilt smaller when most points are
 * gone, and a query that would scan many empty cells falls back to a scan of the live points, so a
 * whole greedy tour stays near O(n) cells visited on spread-out inputs.
 */

const ABSENT = 0;
const LIVE = 1;
const GONE = 2;

export class NearestGrid {
  private readonly state: Uint8Array;
  /** Points not yet removed for good (live or still to be inserted). */
  private remaining: number;
  private live = 0;
  private readonly liveList: Int32Array;
  private readonly livePos: Int32Array;
  // Grid layout (rebuilt as points leave).
  private minX = 0;
  private minY = 0;
  private cell = 1;
  private nx = 1;
  private ny = 1;
  private cellStart = new Int32Array(1);
  private cellCount = new Int32Array(1);
  private slots = new Int32Array(0);
  private readonly slotOf: Int32Array;
  private readonly cellOf: Int32Array;

  constructor(
    private readonly xs: Float64Array,
    private readonly ys: Float64Array,
  ) {
    const n = xs.length;
    this.state = new Uint8Array(n);
    this.remaining = n;
    this.liveList = new Int32Array(n);
    this.livePos = new Int32Array(n);
    this.slotOf = new Int32Array(n);
    this.cellOf = new Int32Array(n);
    this.layout();
  }

  get liveCount(): number {
    return this.live;
  }

  /** Sizes the grid for the points not yet removed and files the live ones. */
  private layout(): void {
    const { xs, ys, state } = this;
    let minX = Number.POSITIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    let count = 0;
    for (let i = 0; i < xs.length; i++) {
      if (state[i] === GONE) continue;
      count++;
      const x = xs[i]!;
      const y = ys[i]!;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    if (count === 0) {
      minX = minY = maxX = maxY = 0;
    }
    const target = Math.max(1, count >> 1);
    const w = maxX - minX;
    const h = maxY - minY;
    let cell = w > 0 && h > 0 ? Math.sqrt((w * h) / target) : Math.max(w, h) / target;
    if (!(cell > 0)) cell = 1;
    let nx = Math.floor(w / cell) + 1;
    let ny = Math.floor(h / cell) + 1;
    while (nx * ny > 4 * target + 16) {
      cell *= 1.5;
      nx = Math.floor(w / cell) + 1;
      ny = Math.floor(h / cell) + 1;
    }
    this.minX = minX;
    this.minY = minY;
    this.cell = cell;
    this.nx = nx;
    this.ny = ny;
    const cells = nx * ny;
    const cellStart = new Int32Array(cells + 1);
    for (let i = 0; i < xs.length; i++) {
      if (state[i] === GONE) continue;
      const c = this.cellIndex(xs[i]!, ys[i]!);
      this.cellOf[i] = c;
      cellStart[c + 1]!++;
    }
    for (let c = 0; c < cells; c++) cellStart[c + 1]! += cellStart[c]!;
    this.cellStart = cellStart;
    this.cellCount = new Int32Array(cells);
    this.slots = new Int32Array(count);
    for (let k = 0; k < this.live; k++) this.file(this.liveList[k]!);
  }

  private cellIndex(x: number, y: number): number {
    const cx = Math.min(this.nx - 1, Math.max(0, Math.floor((x - this.minX) / this.cell)));
    const cy = Math.min(this.ny - 1, Math.max(0, Math.floor((y - this.minY) / this.cell)));
    return cy * this.nx + cx;
  }

  /** Puts a point into its cell's slots. */
  private file(i: number): void {
    const c = this.cellOf[i]!;
    const slot = this.cellStart[c]! + this.cellCount[c]!;
    this.cellCount[c]!++;
    this.slots[slot] = i;
    this.slotOf[i] = slot;
  }

  /** Makes point `i` findable (once; later calls do nothing). */
  insert(i: number): void {
    if (this.state[i] !== ABSENT) return;
    this.state[i] = LIVE;
    this.liveList[this.live] = i;
    this.livePos[i] = this.live;
    this.live++;
    this.file(i);
  }

  /** Removes point `i` for good, whether or not it was inserted. */
  remove(i: number): void {
    const s = this.state[i];
    if (s === GONE) return;
    this.state[i] = GONE;
    this.remaining--;
    if (s === LIVE) {
      const c = this.cellOf[i]!;
      const last = this.cellStart[c]! + this.cellCount[c]! - 1;
      const slot = this.slotOf[i]!;
      const moved = this.slots[last]!;
      this.slots[slot] = moved;
      this.slotOf[moved] = slot;
      this.cellCount[c]!--;
      const pos = this.livePos[i]!;
      const tail = this.liveList[--this.live]!;
      this.liveList[pos] = tail;
      this.livePos[tail] = pos;
    }
    const cells = this.nx * this.ny;
    if (cells > 256 && this.remaining * 8 < cells) this.layout();
  }

  /** The live point nearest (x, y), ties to the lowest index; -1 when none is live. */
  nearest(x: number, y: number): number {
    if (this.live === 0) return -1;
    const { nx, ny, cell } = this;
    const cx = Math.min(nx - 1, Math.max(0, Math.floor((x - this.minX) / cell)));
    const cy = Math.min(ny - 1, Math.max(0, Math.floor((y - this.minY) / cell)));
    const maxR = Math.max(cx, nx - 1 - cx, cy, ny - 1 - cy);
    const budget = 4 * this.live + 64;
    let visited = 0;
    let best = -1;
    let bestD = Number.POSITIVE_INFINITY;
    for (let r = 0; r <= maxR; r++) {
      const x0 = cx - r;
      const x1 = cx + r;
      const y0 = cy - r;
      const y1 = cy + r;
      for (let gy = Math.max(0, y0); gy <= Math.min(ny - 1, y1); gy++) {
        const edgeRow = gy === y0 || gy === y1;
        const step = edgeRow ? 1 : x1 - x0;
        for (let gx = x0; gx <= x1; gx += step) {
          if (gx < 0 || gx >= nx) continue;
          visited++;
          const c = gy * nx + gx;
          const start = this.cellStart[c]!;
          const end = start + this.cellCount[c]!;
          for (let s = start; s < end; s++) {
            const i = this.slots[s]!;
            const dx = this.xs[i]! - x;
            const dy = this.ys[i]! - y;
            const d = dx * dx + dy * dy;
            if (d < bestD || (d === bestD && i < best)) {
              bestD = d;
              best = i;
            }
          }
        }
      }
      if (best >= 0 && bestD <= (r * cell) ** 2) return best;
      if (visited > budget) return this.scanLive(x, y);
    }
    return best;
  }

  /** Nearest by a plain scan of the live points (for sparse leftovers). */
  private scanLive(x: number, y: number): number {
    let best = -1;
    let bestD = Number.POSITIVE_INFINITY;
    for (let k = 0; k < this.live; k++) {
      const i = this.liveList[k]!;
      const dx = this.xs[i]! - x;
      const dy = this.ys[i]! - y;
      const d = dx * dx + dy * dy;
      if (d < bestD || (d === bestD && i < best)) {
        bestD = d;
        best = i;
      }
    }
    return best;
  }
}
