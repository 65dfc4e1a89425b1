import { describe, expect, it } from 'vitest';
import { runErrorText } from './run-error';

describe('the words of a failed run', () => {
  it('uses the runtime’s own text in the reader’s language', () => {
    const stopped = Object.assign(new Error('timeout'), {
      kind: 'timeout',
      text: { 'zh-CN': '插件运行超过 10 秒，已停止', en: 'The plugin ran longer than 10 s and was stopped' },
    });
    expect(runErrorText(stopped, 'en')).toBe('The plugin ran longer than 10 s and was stopped');
    expect(runErrorText(stopped, 'zh-CN')).toBe('插件运行超过 10 秒，已停止');
    const asMessage = { kind: 'failed', message: { 'zh-CN': '齿数太少', en: 'Too few teeth' } };
    expect(runErrorText(asMessage, 'en')).toBe('Too few teeth');
  });

  it('words anything else as the plugin failing, with the reason', () => {
    expect(runErrorText(new Error('network down'), 'en')).toBe('The plugin failed: network down');
    expect(runErrorText('gone', 'zh-CN')).toBe('插件运行出错：gone');
  });
});
