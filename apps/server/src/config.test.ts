import { describe, expect, it } from 'vitest';
import { ConfigError, defaultPoolMax, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs on embedded defaults', () => {
    const c = loadConfig({}, '/srv/kerf');
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe('/srv/kerf/data');
    expect(c.database).toMatchObject({ kind: 'embedded', dir: '/srv/kerf/data/postgres' });
    expect(c.blobs).toEqual({ storage: 'disk', dir: '/srv/kerf/data/blobs' });
  });

  it('switches to PostgreSQL and S3 from the environment', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/kerf',
      STORAGE: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'kerf-blobs',
      S3_ACCESS_KEY: 'a',
      S3_SECRET_KEY: 'b',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/kerf', poolMax: defaultPoolMax() });
    expect(c.blobs).toMatchObject({ storage: 's3', bucket: 'kerf-blobs', forcePathStyle: false, region: 'us-east-1' });
  });

  it('sizes the PostgreSQL pool for the cores unless DATABASE_POOL_MAX says otherwise', () => {
    expect(defaultPoolMax(2)).toBe(5);
    expect(defaultPoolMax(1)).toBe(4);
    expect(defaultPoolMax(16)).toBe(33);
    const sized = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/kerf', DATABASE_POOL_MAX: '12' });
    expect(sized.database).toMatchObject({ poolMax: 12 });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8080);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT="eighty"/],
    [{ PORT: '70000' }, /PORT="70000"/],
    [{ STORAGE: 'ftp' }, /STORAGE="ftp": expected disk or s3/],
    [{ STORAGE: 's3' }, /S3_BUCKET: is required when STORAGE=s3/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL="mysql:\/\/x"/],
    [{ S3_FORCE_PATH_STYLE: 'maybe' }, /S3_FORCE_PATH_STYLE="maybe"/],
    [{ S3_ACCESS_KEY: 'only-one' }, /S3_SECRET_KEY/],
  ])('names the bad variable in %j', (source, pattern) => {
    expect(() => loadConfig(source)).toThrow(ConfigError);
    expect(() => loadConfig(source)).toThrow(pattern);
  });
});
