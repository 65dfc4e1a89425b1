import { PLUGIN_LIMITS } from '@kerf/contract';
import type { HostToFrame } from '@kerf/plugins/sandbox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PluginRunError } from './plugin-run-error';
import { PluginSandbox } from './plugin-sandbox';
import type { SandboxFrameFactory } from './sandbox-frame';

/** Stand-ins for the iframe: what the host sent each, and a way to answer as the iframe would. */
function fakeFrames() {
  const frames: { sent: HostToFrame[]; reply(data: unknown): void; removed: boolean }[] = [];
  const create: SandboxFrameFactory = (onMessage) => {
    const frame = { sent: [] as HostToFrame[], reply: onMessage, removed: false };
    frames.push(frame);
    return { post: (message) => frame.sent.push(structuredClone(message)), remove: () => (frame.removed = true) };
  };
  return { frames, create };
}

const request = { code: 'kerf.register({ run() { return { shapes: [] }; } });', params: { n: 1 } };
const context = { locale: 'en' as const, workArea: { width: 100, height: 100 } };
const runIdOf = (message: HostToFrame | undefined) => (message as { runId: string }).runId;

afterEach(() => vi.useRealTimers());

describe('the host side of the plugin sandbox', () => {
  it('waits for the iframe to be ready, sends the run, and parses its answer', async () => {
    const { frames, create } = fakeFrames();
    const sandbox = new PluginSandbox({ createFrame: create, hostCalls: { measureText: async () => [] } });
    const answer = sandbox.run({ ...request, context });
    await Promise.resolve();
    expect(frames).toHaveLength(1);
    expect(frames[0]!.sent).toEqual([]);
    frames[0]!.reply({ type: 'ready' });
    await vi.waitFor(() => expect(frames[0]!.sent).toHaveLength(1));
    const sent = frames[0]!.sent[0]!;
    expect(sent).toMatchObject({
      type: 'run',
      code: request.code,
      params: { n: 1 },
      context,
      limitMs: PLUGIN_LIMITS.runMillis,
    });
    frames[0]!.reply({ type: 'answer', runId: runIdOf(sent), json: '{"shapes":[{"kind":"rect"}]}' });
    await expect(answer).resolves.toEqual({ shapes: [{ kind: 'rect' }] });
  });

  it('tells concurrent runs apart by run id, whatever order they answer in', async () => {
    const { frames, create } = fakeFrames();
    const sandbox = new PluginSandbox({ createFrame: create, hostCalls: { measureText: async () => [] } });
    const first = sandbox.run({ ...request, context });
    const second = sandbox.run({ ...request, params: { n: 2 }, context });
    frames[0]!.reply({ type: 'ready' });
    await vi.waitFor(() => expect(frames[0]!.sent).toHaveLength(2));
    const [a, b] = frames[0]!.sent;
    expect(frames).toHaveLength(1);
    frames[0]!.reply({ type: 'answer', runId: runIdOf(b), json: '"second"' });
    frames[0]!.reply({ type: 'error', runId: runIdOf(a), kind: 'flood', detail: '1000' });
    await expect(second).resolves.toBe('second');
    await expect(first).rejects.toMatchObject({
      kind: 'flood',
      message: { en: 'The plugin sent too many messages and was stopped' },
    });
  });

  it('words the iframe’s reports in both languages, a timeout with the run’s own limit', async () => {
    const { frames, create } = fakeFrames();
    const sandbox = new PluginSandbox({ createFrame: create, hostCalls: { measureText: async () => [] } });
    const run = sandbox.run({ ...request, context, limitMs: 2500 });
    frames[0]!.reply({ type: 'ready' });
    await vi.waitFor(() => expect(frames[0]!.sent).toHaveLength(1));
    expect(frames[0]!.sent[0]).toMatchObject({ limitMs: 2500 });
    frames[0]!.reply({ type: 'error', runId: runIdOf(frames[0]!.sent[0]), kind: 'timeout', detail: '2500' });
    const error = (await run.catch((e: unknown) => e)) as PluginRunError;
    expect(error).toBeInstanceOf(PluginRunError);
    expect(error.message).toEqual({
      'zh-CN': '插件运行超过 2.5 秒，已停止',
      en: 'The plugin ran longer than 2.5 s and was stopped',
    });
  });

  it('refuses an answer over the size limit on arrival, and one that is not JSON', async () => {
    const { frames, create } = fakeFrames();
    const sandbox = new PluginSandbox({ createFrame: create, hostCalls: { measureText: async () => [] } });
    const big = sandbox.run({ ...request, context });
    const broken = sandbox.run({ ...request, context });
    frames[0]!.reply({ type: 'ready' });
    await vi.waitFor(() => expect(frames[0]!.sent).toHaveLength(2));
    // within the limit in UTF-16 units, past it in UTF-8 bytes
    const json = `"${'中'.repeat(PLUGIN_LIMITS.answerMaxBytes / 2)}"`;
    frames[0]!.reply({ type: 'answer', runId: runIdOf(frames[0]!.sent[0]), json });
    frames[0]!.reply({ type: 'answer', runId: runIdOf(frames[0]!.sent[1]), json: '{"shapes":' });
    await expect(big).rejects.toMatchObject({ kind: 'tooLarge' });
    await expect(broken).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('answers measureText calls with the host’s fonts, and refuses bad arguments without asking them', async () => {
    const { frames, create } = fakeFrames();
    const measureText = vi.fn(async (text: string, font: { size: number }) => Array.from(text, () => font.size / 2));
    const sandbox = new PluginSandbox({ createFrame: create, hostCalls: { measureText } });
    const run = sandbox.run({ ...request, context });
    frames[0]!.reply({ type: 'ready' });
    await vi.waitFor(() => expect(frames[0]!.sent).toHaveLength(1));
    const runId = runIdOf(frames[0]!.sent[0]);
    const font = { family: 'Noto Sans', size: 4, weight: 400, style: 'normal' };
    frames[0]!.reply({ type: 'hostCall', runId, callId: 1, method: 'measureText', args: ['ab', font] });
    frames[0]!.reply({
      type: 'hostCall',
      runId,
      callId: 2,
      method: 'measureText',
      args: ['ab', { ...font, size: -1 }],
    });
    await vi.waitFor(() => expect(frames[0]!.sent).toHaveLength(3));
    expect(frames[0]!.sent.slice(1)).toEqual(
      expect.arrayContaining([
        { type: 'hostReply', runId, callId: 1, ok: true, value: [2, 2] },
        { type: 'hostReply', runId, callId: 2, ok: false, error: 'font.size must be above 0 (mm)' },
      ]),
    );
    expect(measureText).toHaveBeenCalledTimes(1);
    frames[0]!.reply({ type: 'answer', runId, json: '1' });
    await expect(run).resolves.toBe(1);
  });

  it('cancels a run in the iframe when the caller aborts', async () => {
    const { frames, create } = fakeFrames();
    const sandbox = new PluginSandbox({ createFrame: create, hostCalls: { measureText: async () => [] } });
    const controller = new AbortController();
    const run = sandbox.run({ ...request, context, signal: controller.signal });
    frames[0]!.reply({ type: 'ready' });
    await vi.waitFor(() => expect(frames[0]!.sent).toHaveLength(1));
    controller.abort(new Error('parameters changed'));
    await expect(run).rejects.toThrow('parameters changed');
    expect(frames[0]!.sent[1]).toEqual({ type: 'cancel', runId: runIdOf(frames[0]!.sent[0]) });
  });

  it('replaces an iframe that stops answering: the run is a timeout, the next run gets a new iframe', async () => {
    vi.useFakeTimers();
    const { frames, create } = fakeFrames();
    const sandbox = new PluginSandbox({
      createFrame: create,
      hostCalls: { measureText: async () => [] },
      watchdogMarginMs: 1000,
    });
    const stuck = sandbox.run({ ...request, context, limitMs: 500 });
    const caught = stuck.catch((e: unknown) => e);
    frames[0]!.reply({ type: 'ready' });
    await vi.advanceTimersByTimeAsync(0);
    expect(frames[0]!.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1499);
    expect(frames[0]!.removed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await caught).toMatchObject({
      kind: 'timeout',
      message: { en: 'The plugin ran longer than 0.5 s and was stopped' },
    });
    expect(frames[0]!.removed).toBe(true);
    // a late answer from the old iframe is not taken for anything
    frames[0]!.reply({ type: 'answer', runId: runIdOf(frames[0]!.sent[0]), json: '1' });

    const next = sandbox.run({ ...request, context });
    expect(frames).toHaveLength(2);
    frames[1]!.reply({ type: 'ready' });
    await vi.advanceTimersByTimeAsync(0);
    frames[1]!.reply({ type: 'answer', runId: runIdOf(frames[1]!.sent[0]), json: '2' });
    await expect(next).resolves.toBe(2);
  });

  it('gives up on an iframe that never says it is ready, and tries a new one next time', async () => {
    vi.useFakeTimers();
    const { frames, create } = fakeFrames();
    const sandbox = new PluginSandbox({
      createFrame: create,
      hostCalls: { measureText: async () => [] },
      readyTimeoutMs: 100,
    });
    const run = sandbox.run({ ...request, context }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    expect(await run).toMatchObject({ kind: 'failed', detail: 'the plugin sandbox did not start' });
    expect(frames[0]!.removed).toBe(true);
    void sandbox.run({ ...request, context }).catch(() => undefined);
    expect(frames).toHaveLength(2);
    sandbox.dispose();
    expect(frames[1]!.removed).toBe(true);
  });
});
