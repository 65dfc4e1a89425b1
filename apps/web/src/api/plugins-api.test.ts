import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPluginEntryCache, fetchPluginEntry, pluginIconUrl } from './plugins-api';
import { request } from './request';

afterEach(() => {
  vi.restoreAllMocks();
  clearPluginEntryCache();
});

describe('plugin entry scripts', () => {
  it('are fetched as text once per id@version, from the encoded address', async () => {
    const send = vi.spyOn(request, 'send').mockImplementation(async (config) => `// ${config.url}`);
    const first = await fetchPluginEntry('acme.star', '1.0.0');
    expect(first).toBe('// /cloud-api/plugins/acme.star/versions/1.0.0/entry.js');
    expect(await fetchPluginEntry('acme.star', '1.0.0')).toBe(first);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toMatchObject({ method: 'get', responseType: 'text' });

    await fetchPluginEntry('acme.star', '1.1.0');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('forget a failed fetch, so the next asks again', async () => {
    const send = vi
      .spyOn(request, 'send')
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('kerf.register({ run: () => ({ shapes: [] }) });');
    await expect(fetchPluginEntry('acme.star', '1.0.0')).rejects.toThrow('offline');
    await expect(fetchPluginEntry('acme.star', '1.0.0')).resolves.toContain('kerf.register');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('refuse an answer that is no script', async () => {
    vi.spyOn(request, 'send').mockResolvedValue({ code: 0 });
    await expect(fetchPluginEntry('acme.star', '1.0.0')).rejects.toThrow('not a script');
  });

  it('read a JSON error body as JSON (an envelope the client settles), and keep a script as text', async () => {
    const send = vi.spyOn(request, 'send').mockResolvedValue('x');
    await fetchPluginEntry('acme.star', '2.0.0');
    const config = send.mock.calls[0]![0];
    const [transform] = config.transformResponse as Array<(data: unknown, headers: unknown) => unknown>;
    const envelope = '{"code":404,"msg":"插件版本不存在","data":null}';
    expect(transform!(envelope, { 'content-type': 'application/json; charset=utf-8' })).toEqual({
      code: 404,
      msg: '插件版本不存在',
      data: null,
    });
    expect(transform!('kerf.register({})', { 'content-type': 'text/javascript' })).toBe('kerf.register({})');
  });
});

describe('plugin icons', () => {
  it('are served per version, id and version encoded', () => {
    expect(pluginIconUrl('acme.star', '1.0.0')).toBe('/cloud-api/plugins/acme.star/versions/1.0.0/icon');
    expect(pluginIconUrl('a/b', '1.0.0')).toBe('/cloud-api/plugins/a%2Fb/versions/1.0.0/icon');
  });
});
