import { SECRET_MASK } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { loggedParams, scrubSecrets } from './scrub.js';

describe('scrubSecrets', () => {
  it('masks passwords, tokens, codes and keys at any depth, by any spelling of their names', () => {
    const scrubbed = scrubSecrets({
      account: 'ada@example.com',
      password: 'hunter2',
      new_password: 'n3w',
      oldPassword: 'old',
      client_secret: 'sec',
      token: 'tok',
      extractionCode: 'ab12',
      machineCode: 'KF-7Q2',
      code: '123456',
      captcha: { uuid: 'u-1', answer: 'x' },
      nested: [{ refreshToken: 'r', apiKey: 'k', name: 'kept' }],
    });
    expect(scrubbed).toEqual({
      account: 'ada@example.com',
      password: SECRET_MASK,
      new_password: SECRET_MASK,
      oldPassword: SECRET_MASK,
      client_secret: SECRET_MASK,
      token: SECRET_MASK,
      extractionCode: SECRET_MASK,
      machineCode: SECRET_MASK,
      code: SECRET_MASK,
      captcha: SECRET_MASK,
      nested: [{ refreshToken: SECRET_MASK, apiKey: SECRET_MASK, name: 'kept' }],
    });
  });

  it('keeps public identifiers and empty values as they are', () => {
    expect(
      scrubSecrets({ passes: [{ power: 60 }], password: '', fileName: 'a.dxf', keyword: 'fox', configKey: 'k' }),
    ).toEqual({
      passes: [{ power: 60 }],
      password: '',
      fileName: 'a.dxf',
      keyword: 'fox',
      configKey: 'k',
    });
  });
});

describe('loggedParams', () => {
  it('keeps query and JSON body, names a file upload, and cuts long text', () => {
    expect(loggedParams({ page: '1' }, { name: 'x', password: 'p' }, 'application/json')).toBe(
      `{"query":{"page":"1"},"body":{"name":"x","password":"${SECRET_MASK}"}}`,
    );
    expect(loggedParams({}, 'raw bytes', 'multipart/form-data; boundary=x')).toBe('{"body":"[multipart]"}');
    expect(loggedParams({}, undefined, undefined)).toBe('');
    expect(loggedParams({}, Buffer.from('chunk'), 'application/octet-stream')).toBe(
      '{"body":"[application/octet-stream]"}',
    );
    const long = loggedParams({}, { text: 'x'.repeat(5000) }, 'application/json');
    expect(long.length).toBe(2000);
    expect(long.endsWith('…')).toBe(true);
  });
});
