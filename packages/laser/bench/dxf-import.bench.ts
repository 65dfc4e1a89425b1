/**
 * DXF import speed on a generated ~20 MB drawing (LWPOLYLINEs with bulges, lines, arcs, circles,
 * splines and inserts of a few blocks): parse and cadToDocument timed apart, median of several runs.
 *   node --import tsx --expose-gc packages/laser/bench/dxf-import.bench.ts   (DXF_BENCH_MB, DXF_BENCH_RUNS)
 * Prints a table and writes .bench/dxf-import.json at the repository root.
 */
import {
  MIB,
  machine,
  markdownTable,
  median,
  round,
  toMib,
  writeReport,
} from '../../../apps/server/bench/bench-kit.js';
import { cadToDocument, parseDxf } from '../src/import/dxf/index.js';
import { leafShapes } from '../src/model/shapes.js';

const TARGET_MB = Number(process.env.DXF_BENCH_MB ?? 20);
const RUNS = Number(process.env.DXF_BENCH_RUNS ?? 5);

/** A deterministic pseudo-random source (so every run parses the same file). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const f = (v: number) => v.toFixed(6);

/** One entity of the mix, as DXF text. */
function entity(rnd: () => number, i: number): string {
  const x = rnd() * 2000;
  const y = rnd() * 1000;
  const layer = `L${i % 4}`;
  switch (i % 10) {
    case 0:
    case 1:
    case 2: {
      const n = 4 + Math.floor(rnd() * 12);
      let s = `0\nLWPOLYLINE\n5\n${i.toString(16)}\n100\nAcDbEntity\n8\n${layer}\n100\nAcDbPolyline\n90\n${n}\n70\n1\n43\n0.0\n`;
      for (let k = 0; k < n; k++) {
        s += `10\n${f(x + Math.cos((k / n) * 6.283) * 20)}\n20\n${f(y + Math.sin((k / n) * 6.283) * 20)}\n`;
        if (k % 3 === 0) s += `42\n${f(rnd() * 0.8 - 0.4)}\n`;
      }
      return s;
    }
    case 3:
    case 4:
      return `0\nLINE\n5\n${i.toString(16)}\n100\nAcDbEntity\n8\n${layer}\n100\nAcDbLine\n10\n${f(x)}\n20\n${f(y)}\n30\n0.0\n11\n${f(x + rnd() * 50)}\n21\n${f(y + rnd() * 50)}\n31\n0.0\n`;
    case 5:
      return `0\nARC\n5\n${i.toString(16)}\n100\nAcDbEntity\n8\n${layer}\n100\nAcDbCircle\n10\n${f(x)}\n20\n${f(y)}\n30\n0.0\n40\n${f(1 + rnd() * 30)}\n100\nAcDbArc\n50\n${f(rnd() * 360)}\n51\n${f(rnd() * 360)}\n`;
    case 6:
      return `0\nCIRCLE\n5\n${i.toString(16)}\n100\nAcDbEntity\n8\n${layer}\n100\nAcDbCircle\n10\n${f(x)}\n20\n${f(y)}\n30\n0.0\n40\n${f(1 + rnd() * 10)}\n`;
    case 7: {
      let s = `0\nSPLINE\n5\n${i.toString(16)}\n100\nAcDbEntity\n8\n${layer}\n100\nAcDbSpline\n70\n8\n71\n3\n72\n10\n73\n6\n74\n0\n`;
      for (const k of [0, 0, 0, 0, 1, 2, 3, 3, 3, 3]) s += `40\n${k}.0\n`;
      for (let k = 0; k < 6; k++) s += `10\n${f(x + k * 10)}\n20\n${f(y + rnd() * 20)}\n30\n0.0\n`;
      return s;
    }
    default:
      return `0\nINSERT\n5\n${i.toString(16)}\n100\nAcDbEntity\n8\n${layer}\n100\nAcDbBlockReference\n2\nB${i % 3}\n10\n${f(x)}\n20\n${f(y)}\n30\n0.0\n41\n${f(0.5 + rnd())}\n42\n${f(0.5 + rnd())}\n50\n${f(rnd() * 360)}\n`;
  }
}

/** Three small blocks: a hole pattern, a slot with bulges and a line frame. */
function blocks(): string {
  let s = '0\nSECTION\n2\nBLOCKS\n';
  const holes = Array.from({ length: 6 }, (_, k) => `0\nCIRCLE\n8\n0\n10\n${k * 5}.0\n20\n0.0\n40\n1.5\n`).join('');
  const slot =
    '0\nLWPOLYLINE\n8\n0\n90\n4\n70\n1\n10\n0.0\n20\n0.0\n10\n20.0\n20\n0.0\n42\n1.0\n10\n20.0\n20\n6.0\n10\n0.0\n20\n6.0\n42\n1.0\n';
  const frame = Array.from(
    { length: 4 },
    (_, k) => `0\nLINE\n8\n0\n10\n${k * 3}.0\n20\n0.0\n11\n${k * 3}.0\n21\n10.0\n`,
  ).join('');
  for (const [i, body] of [holes, slot, frame].entries()) {
    s += `0\nBLOCK\n8\n0\n2\nB${i}\n70\n0\n10\n0.0\n20\n0.0\n30\n0.0\n3\nB${i}\n${body}0\nENDBLK\n8\n0\n`;
  }
  return `${s}0\nENDSEC\n`;
}

/** A DXF of about `mb` megabytes. */
function makeDxf(mb: number): string {
  const rnd = random(1234);
  const parts: string[] = [
    '0\nSECTION\n2\nHEADER\n9\n$ACADVER\n1\nAC1015\n9\n$INSUNITS\n70\n4\n0\nENDSEC\n',
    '0\nSECTION\n2\nTABLES\n0\nTABLE\n2\nLAYER\n70\n4\n',
    ...[1, 2, 3, 5].map((c, i) => `0\nLAYER\n2\nL${i}\n70\n0\n62\n${c}\n6\nCONTINUOUS\n`),
    '0\nENDTAB\n0\nENDSEC\n',
    blocks(),
    '0\nSECTION\n2\nENTITIES\n',
  ];
  let size = parts.reduce((n, p) => n + p.length, 0);
  for (let i = 0; size < mb * MIB; i++) {
    const e = entity(rnd, i);
    parts.push(e);
    size += e.length;
  }
  parts.push('0\nENDSEC\n0\nEOF\n');
  return parts.join('');
}

/** Where a run's results stay reachable while their heap is measured. */
export let held: unknown = null;

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function main(): void {
  const text = makeDxf(TARGET_MB);
  const mb = text.length / MIB;
  const parseMs: number[] = [];
  const convertMs: number[] = [];
  /** Process CPU time of each import (all threads, GC helpers included): steadier than wall time on a busy machine. */
  const cpuMs: number[] = [];
  let entities = 0;
  let leaves = 0;
  let heapHeld = 0;
  for (let run = 0; run < RUNS; run++) {
    gc();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const drawing = parseDxf(text);
    const t1 = performance.now();
    const doc = cadToDocument(drawing);
    const t2 = performance.now();
    const cpu = process.cpuUsage(cpu0);
    parseMs.push(t1 - t0);
    convertMs.push(t2 - t1);
    cpuMs.push((cpu.user + cpu.system) / 1000);
    entities = drawing.entities.length;
    leaves = leafShapes(doc.shapes).length;
    process.stdout.write(
      `  run ${run + 1}: parse ${Math.round(t1 - t0)} ms, convert ${Math.round(t2 - t1)} ms, cpu ${Math.round(cpuMs[run]!)} ms\n`,
    );
  }
  // What one import keeps alive: the parsed drawing and the document, measured between full collections.
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const drawing = parseDxf(text);
  held = [drawing, cadToDocument(drawing)];
  gc();
  heapHeld = process.memoryUsage().heapUsed - heapBefore;
  held = null;
  const parse = median(parseMs);
  const convert = median(convertMs);
  const total = parse + convert;
  const peakRss = process.resourceUsage().maxRSS * 1024;
  const rows = [
    [
      'file MiB',
      'entities',
      'leaf shapes',
      'parse ms',
      'convert ms',
      'total ms',
      'cpu ms',
      'MiB/s',
      'held heap MiB',
      'peak RSS MiB',
    ],
    [
      round(mb, 1),
      entities,
      leaves,
      Math.round(parse),
      Math.round(convert),
      Math.round(total),
      Math.round(median(cpuMs)),
      round(mb / (total / 1000), 1),
      toMib(heapHeld),
      toMib(peakRss),
    ],
  ];
  process.stdout.write(`\n${markdownTable(rows)}`);
  void writeReport('dxf-import', {
    ...machine(),
    runs: RUNS,
    fileMib: round(mb, 2),
    entities,
    leafShapes: leaves,
    parseMedianMs: round(parse, 1),
    convertMedianMs: round(convert, 1),
    totalMedianMs: round(total, 1),
    cpuMedianMs: round(median(cpuMs), 1),
    mibPerSecond: round(mb / (total / 1000), 1),
    heldHeapMib: toMib(heapHeld),
    peakRssMib: toMib(peakRss),
    parseMs: parseMs.map((v) => round(v, 1)),
    convertMs: convertMs.map((v) => round(v, 1)),
  }).then((path) => process.stdout.write(`wrote ${path}\n`));
}

main();
