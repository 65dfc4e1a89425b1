import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople } from './drive-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

/**
 * The web shows office editing (the "online edit" entry, office types in "new file") only when a
 * document server is configured; user_perms, which it loads at sign-in, tells it so.
 */
describe.each(testDatabases)('installation features in user_perms on $name', (database) => {
  const closers: Array<() => Promise<void>> = [];

  async function featuresOf(env: Record<string, string>) {
    const db = await database.open();
    const delivery = new RecordingDelivery();
    const app = await testApp(db, { delivery, env });
    closers.push(async () => {
      await app.close();
      await db.dispose();
    });
    const token = await drivePeople(() => app, delivery).join('ada');
    const perms = await call(app, 'POST', '/uac-api/oauth2/user_perms', { token, body: { scope: 'cloud' } });
    expect(perms.status).toBe(200);
    return perms.body.data.features;
  }

  let without: unknown;
  let withServer: unknown;
  beforeAll(async () => {
    without = await featuresOf({});
    withServer = await featuresOf({
      ONLYOFFICE_URL: 'http://127.0.0.1:9/',
      ONLYOFFICE_JWT_SECRET: 'a-test-secret-of-enough-length',
    });
    // two fresh databases, migrated, and a sign-up on each
  }, 300_000);
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('says no online office without ONLYOFFICE_URL', () => {
    expect(without).toEqual({ onlineOffice: false });
  });

  it('says online office when a document server is configured', () => {
    expect(withServer).toEqual({ onlineOffice: true });
  });
});
