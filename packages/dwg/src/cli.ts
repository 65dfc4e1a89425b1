/**
 * kerf-dwg: reads a DWG on stdin, writes the Kerf document as JSON on stdout.
 *
 *   node --import tsx packages/dwg/src/cli.ts [--max-wasm-mb=N] < drawing.dwg > drawing.json
 *
 * On failure stdout carries `{"error": {kind, format, reason, "zh-CN", en}}` and the exit code is 2 when
 * the file is at fault, 1 when the converter is. Meant to run as a child process (see process.ts): the
 * parent enforces the time limit; `--max-wasm-mb` caps LibreDWG's WebAssembly memory in this process.
 */
import { MAX_DRAWING_BYTES, TooLargeError } from '@kerf/laser';
import { convertDwg } from './convert.js';
import { describeError } from './protocol.js';

/** Default cap of LibreDWG's memory (its module starts with 1 GB reserved). */
const DEFAULT_WASM_MB = 2048;

/** The part of WebAssembly.Memory used here (the DOM-free lib has no WebAssembly types). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(delta: number): number;
}

/**
 * Makes WebAssembly memory refuse to grow past `maxBytes`. LibreDWG's allocator then fails cleanly and
 * reports "out of memory" instead of growing to 4 GB on a hostile file. Process-wide, so CLI only.
 */
function capWasmMemory(maxBytes: number): void {
  const proto = (globalThis as unknown as { WebAssembly: { Memory: { prototype: WasmMemory } } }).WebAssembly.Memory
    .prototype;
  const grow = proto.grow;
  proto.grow = function capped(this: WasmMemory, delta: number): number {
    if (this.buffer.byteLength + delta * 65536 > maxBytes) throw new RangeError('WebAssembly memory cap reached');
    return grow.call(this, delta);
  };
}

/** LibreDWG cannot start below its 1 GB initial memory: smaller caps are raised to this. */
const MIN_WASM_MB = 1100;

/** `--max-wasm-mb=N` from the command line, else the default. */
function wasmLimitMb(argv: string[]): number {
  const arg = argv.find((a) => a.startsWith('--max-wasm-mb='));
  const value = arg ? Number(arg.slice('--max-wasm-mb='.length)) : Number.NaN;
  return Number.isFinite(value) ? Math.max(MIN_WASM_MB, value) : DEFAULT_WASM_MB;
}

/** All of stdin, refusing more than the 50 MB limit without reading the rest into memory. */
async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_DRAWING_BYTES) throw new TooLargeError(size);
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks, size));
}

/** Writes the text to stdout and exits once it is flushed (pipes may be asynchronous). */
function finish(text: string, exitCode: number): void {
  process.stdout.write(text, () => process.exit(exitCode));
}

async function main(): Promise<void> {
  capWasmMemory(wasmLimitMb(process.argv.slice(2)) * 1024 * 1024);
  try {
    const document = await convertDwg(await readStdin());
    finish(JSON.stringify(document), 0);
  } catch (error) {
    const { body, exitCode } = describeError(error);
    finish(JSON.stringify(body), exitCode);
  }
}

await main();
