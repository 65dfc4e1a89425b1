import { describe, expect, it } from 'vitest';
import { deviceQueryKeys } from './device-query-keys';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, index) => key[index] === part);

describe('device query keys', () => {
  const keys = deviceQueryKeys(['device', 'u1']);

  it('puts every list page under one prefix, and the counts apart from it', () => {
    const page = keys.list({ scope: 'mine', state: 'idle', page: 2, limit: 10 });
    expect(startsWith(page, keys.lists)).toBe(true);
    expect(startsWith(keys.summary('mine'), keys.lists)).toBe(false);
  });

  it('lets one machine’s events and jobs be read again whatever page or filter is shown', () => {
    expect(startsWith(keys.events('d1', { level: 'fault', page: 3, limit: 10 }), keys.events('d1'))).toBe(true);
    expect(startsWith(keys.jobs('d1', { page: 2, limit: 20 }), keys.jobs('d1'))).toBe(true);
    expect(startsWith(keys.jobs('d2'), keys.jobs('d1'))).toBe(false);
    expect(startsWith(keys.detail('d1'), ['device', 'u1'])).toBe(true);
  });
});
