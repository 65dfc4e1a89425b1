import { describe, expect, it } from 'vitest';
import { ERROR_DETAIL_MAX } from './protocol.js';
import { runMessage, startWorker } from './testing/worker-harness.js';

const register = (run: string) => `kerf.register({ run: ${run} });`;

describe('the plugin worker bootstrap', () => {
  it('answers what run returns as JSON text, sync or async, with the params and context it was given', async () => {
    const sync = startWorker(
      register(
        'function (params, ctx) { return { shapes: [], got: params, locale: ctx.locale, area: ctx.workArea }; }',
      ),
    );
    sync.send(runMessage({ points: 5 }, { context: { locale: 'zh-CN', workArea: { width: 10, height: 20 } } }));
    const answer = await sync.next();
    expect(answer.type).toBe('answer');
    expect(JSON.parse(answer.json as string)).toEqual({
      shapes: [],
      got: { points: 5 },
      locale: 'zh-CN',
      area: { width: 10, height: 20 },
    });

    const later = startWorker(
      register(
        'async function (p) { await new Promise(function (ok) { setTimeout(ok, 5); }); return { n: p.n * 2 }; }',
      ),
    );
    later.send(runMessage({ n: 21 }));
    expect(JSON.parse((await later.next()).json as string)).toEqual({ n: 42 });
  });

  it('passes the selection only when the iframe sends one', async () => {
    const code = register("function (p, ctx) { return { has: 'selection' in ctx, sel: ctx.selection }; }");
    const without = startWorker(code);
    without.send(runMessage());
    expect(JSON.parse((await without.next()).json as string)).toEqual({ has: false });
    const withIt = startWorker(code);
    const selection = { shapes: [], bounds: null };
    withIt.send(runMessage({}, { context: { locale: 'en', workArea: { width: 1, height: 1 }, selection } }));
    expect(JSON.parse((await withIt.next()).json as string)).toEqual({ has: true, sel: selection });
  });

  it('leaves the plugin no postMessage and no way out of the worker', async () => {
    const worker = startWorker(
      register(
        'function () { return { post: typeof postMessage, selfPost: typeof self.postMessage, fetch: typeof fetch, imports: typeof importScripts, kerf: Object.keys(kerf), frozen: Object.isFrozen(kerf) }; }',
      ),
    );
    worker.send(runMessage());
    expect(JSON.parse((await worker.next()).json as string)).toEqual({
      post: 'undefined',
      selfPost: 'undefined',
      fetch: 'undefined',
      imports: 'undefined',
      kerf: ['register'],
      frozen: true,
    });
  });

  it('relays measureText to the host and hands back its reply or its refusal', async () => {
    const worker = startWorker(
      register(`async function (p, ctx) {
        var widths = await ctx.measureText('ab', { family: 'Noto Sans', size: 10 });
        var refused = await ctx.measureText('', { family: 'x', size: -1 }).then(function () { return 'no'; }, function (e) { return e.message; });
        return { widths: widths, refused: refused };
      }`),
    );
    worker.send(runMessage());
    const first = await worker.next();
    // weight and style default; only primitives leave the worker
    expect(first).toEqual({
      type: 'hostCall',
      callId: 1,
      method: 'measureText',
      args: ['ab', { family: 'Noto Sans', size: 10, weight: 400, style: 'normal' }],
    });
    worker.send({ type: 'hostReply', callId: 1, ok: true, value: [5.5, 6] });
    const second = await worker.next();
    expect(second).toMatchObject({ type: 'hostCall', callId: 2 });
    worker.send({ type: 'hostReply', callId: 2, ok: false, error: 'font.size must be above 0 (mm)' });
    expect(JSON.parse((await worker.next()).json as string)).toEqual({
      widths: [5.5, 6],
      refused: 'font.size must be above 0 (mm)',
    });
  });

  it('reports what the plugin throws, cut to length, and a plugin that never registers', async () => {
    const thrown = startWorker(register("function () { throw new RangeError('teeth must be at least 6'); }"));
    thrown.send(runMessage());
    expect(await thrown.next()).toEqual({
      type: 'error',
      kind: 'failed',
      detail: 'RangeError: teeth must be at least 6',
    });

    const rejected = startWorker(register("function () { return Promise.reject('x'.repeat(5000)); }"));
    rejected.send(runMessage());
    const long = await rejected.next();
    expect(long.kind).toBe('failed');
    expect(long.detail).toBe(`${'x'.repeat(ERROR_DETAIL_MAX)}…`);

    const silent = startWorker('var nothing = 1;');
    silent.send(runMessage());
    expect(await silent.next()).toMatchObject({
      type: 'error',
      kind: 'failed',
      detail: expect.stringContaining('kerf.register'),
    });

    expect(() => startWorker(`${register('function () {}')}${register('function () {}')}`)).toThrow(/once/);
    expect(() => startWorker('kerf.register({ run: 5 });')).toThrow(/run\(params, context\)/);
  });

  it('answers once, however often the iframe asks', async () => {
    const worker = startWorker(register('function (p) { return { n: p.n }; }'));
    worker.send(runMessage({ n: 1 }));
    worker.send(runMessage({ n: 2 }));
    expect(JSON.parse((await worker.next()).json as string)).toEqual({ n: 1 });
    await expect(worker.next(100)).rejects.toThrow('the worker sent nothing');
  });
});

describe('the answer’s budgeted walk', () => {
  const answerOf = async (run: string, answerMaxBytes?: number) => {
    const worker = startWorker(register(run));
    worker.send(runMessage({}, { answerMaxBytes }));
    return worker.next();
  };

  it('counts UTF-8 bytes of the JSON text: exactly the budget passes, one byte more does not', async () => {
    const run = "function () { return { t: '中a' }; }"; // {"t":"中a"} is 10 + 2 bytes
    expect(JSON.parse((await answerOf(run, 12)).json as string)).toEqual({ t: '中a' });
    expect(await answerOf(run, 11)).toMatchObject({ type: 'error', kind: 'tooLarge' });
  });

  it('writes the same text JSON.stringify would for plain data', async () => {
    const data = { shapes: [{ kind: 'rect', x: -0.5, y: 1e-7, big: 1e21, flag: true, none: null, list: [1, 'two'] }] };
    const answer = await answerOf(`function () { return ${JSON.stringify(data)}; }`);
    expect(answer.json).toBe(JSON.stringify(data));
    const holes = await answerOf('function () { return { a: [1, undefined, 3], gone: undefined, b: 2 }; }');
    expect(answer.type).toBe('answer');
    expect(holes.json).toBe('{"a":[1,null,3],"b":2}');
  });

  it('refuses a gigabyte of repeated references without building it', async () => {
    const started = Date.now();
    const answer = await answerOf(
      `function () {
        var megabyte = 'x'.repeat(1024 * 1024);
        var shape = { kind: 'text', text: megabyte };
        var shapes = [];
        for (var i = 0; i < 1024; i++) shapes.push(shape);
        return { shapes: shapes };
      }`,
    );
    expect(answer).toMatchObject({ type: 'error', kind: 'tooLarge' });
    // building the text first would take a gigabyte and far longer (a loaded two-core machine needs the slack)
    expect(Date.now() - started).toBeLessThan(5000);
    const sparse = await answerOf('function () { return { shapes: new Array(1e9) }; }');
    expect(sparse).toMatchObject({ type: 'error', kind: 'tooLarge' });
  });

  it('refuses what is not plain data, saying where', async () => {
    expect(await answerOf('function () { return { shapes: [{ points: [{ x: 1 }, { x: NaN }] }] }; }')).toEqual({
      type: 'error',
      kind: 'invalid',
      detail: 'shapes[0].points[1].x is not a finite number',
    });
    expect(await answerOf('function () { return { shapes: [], when: new Date(0) }; }')).toMatchObject({
      kind: 'invalid',
      detail: expect.stringMatching(/^when is an object made by a class/),
    });
    expect(await answerOf('function () { return { f: function () {} }; }')).toMatchObject({
      kind: 'invalid',
      detail: 'f is a function, not plain data',
    });
    expect(await answerOf('function () { var a = {}; a.self = a; return a; }')).toMatchObject({
      kind: 'invalid',
      detail: expect.stringMatching(/nested too deeply$/),
    });
  });

  it('keeps its budget when the plugin spoils the built-ins after it started', async () => {
    const spoiled = await answerOf(
      `function () {
        JSON.stringify = function () { return '1'; };
        Array.isArray = function () { return false; };
        Object.keys = function () { return []; };
        String.prototype.charCodeAt = function () { return 65; };
        var shapes = [];
        for (var i = 0; i < 64; i++) shapes.push('中'.repeat(100));
        return { shapes: shapes };
      }`,
      10_000,
    );
    // 64 × 100 three-byte characters: 19 200 bytes, whatever the plugin did to the built-ins
    expect(spoiled).toMatchObject({ type: 'error', kind: 'tooLarge' });
  });

  it('fails, never escapes, when the plugin hoists a function over a built-in it needs', async () => {
    const hoisted = startWorker(`function JSON() {}\n${register("function () { return { big: 'x'.repeat(100) }; }")}`);
    hoisted.send(runMessage({}, { answerMaxBytes: 50 }));
    expect(await hoisted.next()).toMatchObject({ type: 'error', kind: 'failed' });
    expect(() => startWorker('function postMessage() {}')).toThrow('could not close the worker');
  });
});
