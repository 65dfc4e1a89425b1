import { PLUGIN_LIMITS } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { utf8Exceeds } from './answer-size.js';
import { readFrameMessage, readMeasureTextArgs } from './protocol.js';
import { SANDBOX_SCRIPT, sandboxPageHtml, sandboxPolicy } from './sandbox-page.js';
import { WORKER_BOOTSTRAP } from './worker-bootstrap.js';

describe('the sandbox page', () => {
  it('holds exactly one script, the one its policy’s hash allows, which cannot close its element early', () => {
    const html = sandboxPageHtml();
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toEqual([SANDBOX_SCRIPT]);
    expect(SANDBOX_SCRIPT).not.toMatch(/<\/script|<!--/i);
    // the worker bootstrap travels inside it as a string literal the iframe script reads back
    const literal = SANDBOX_SCRIPT.match(/var WORKER_SOURCE = ("(?:[^"\\]|\\.)*");/)?.[1];
    expect(literal && JSON.parse(literal)).toBe(WORKER_BOOTSTRAP);
    expect(SANDBOX_SCRIPT).toContain(`"runMillis":${PLUGIN_LIMITS.runMillis}`);
    expect(SANDBOX_SCRIPT).toContain(`"hostCallsMax":${PLUGIN_LIMITS.hostCallsMax}`);
  });

  it('is parsed as script text', () => {
    // syntax only: the function is built, never called (it needs a browser's window, Worker and Blob)
    expect(() => new Function(SANDBOX_SCRIPT)).not.toThrow();
    expect(() => new Function('self', WORKER_BOOTSTRAP)).not.toThrow();
  });

  it('has a policy that lets the hashed script and blob workers run, and loads nothing', () => {
    const policy = sandboxPolicy('abc+/=');
    const directives = Object.fromEntries(
      policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')] as const),
    );
    expect(directives).toEqual({
      'default-src': "'none'",
      'script-src': "'sha256-abc+/='",
      'worker-src': 'blob:',
      'frame-ancestors': "'self'",
      'base-uri': "'none'",
      'form-action': "'none'",
      sandbox: 'allow-scripts',
    });
  });
});

describe('the host’s reading of sandbox messages', () => {
  it('takes only well-formed messages of the protocol', () => {
    expect(readFrameMessage({ type: 'ready' })).toEqual({ type: 'ready' });
    expect(readFrameMessage({ type: 'answer', runId: 'r1', json: '{}' })).toEqual({
      type: 'answer',
      runId: 'r1',
      json: '{}',
    });
    expect(readFrameMessage({ type: 'answer', runId: 'r1', json: {} })).toBeNull();
    expect(readFrameMessage({ type: 'error', runId: 'r1', kind: 'escape', detail: '' })).toBeNull();
    expect(readFrameMessage({ type: 'error', runId: 'r1', kind: 'flood', detail: 7 })).toEqual({
      type: 'error',
      runId: 'r1',
      kind: 'flood',
      detail: '',
    });
    expect(readFrameMessage({ type: 'hostCall', runId: 'r', callId: 1, method: 'readCookies', args: [] })).toBeNull();
    expect(readFrameMessage('ready')).toBeNull();
  });

  it('checks measureText’s arguments, filling weight and style', () => {
    expect(readMeasureTextArgs(['Hi', { family: 'Noto Sans', size: 5 }])).toEqual({
      text: 'Hi',
      font: { family: 'Noto Sans', size: 5, weight: 400, style: 'normal' },
    });
    expect(readMeasureTextArgs([null, { family: 'a', size: 5 }])).toMatch(/text must be a string/);
    expect(readMeasureTextArgs(['x'.repeat(10_001), { family: 'a', size: 5 }])).toMatch(/at most 10000/);
    expect(readMeasureTextArgs(['x', { family: 'a', size: 0 }])).toMatch(/size/);
    expect(readMeasureTextArgs(['x', { family: 'a', size: 5, style: 'oblique' }])).toMatch(/style/);
  });

  it('counts an answer’s UTF-8 bytes against the limit without encoding it', () => {
    expect(utf8Exceeds('abc', 3)).toBe(false);
    expect(utf8Exceeds('abcd', 3)).toBe(true);
    expect(utf8Exceeds('中', 3)).toBe(false);
    expect(utf8Exceeds('中a', 3)).toBe(true);
    expect(utf8Exceeds('😀', 4)).toBe(false);
    expect(utf8Exceeds('😀', 3)).toBe(true);
    expect(utf8Exceeds('é'.repeat(10), 20)).toBe(false);
    expect(utf8Exceeds('é'.repeat(11), 21)).toBe(true);
  });
});
