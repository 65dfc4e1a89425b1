import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import yauzl from 'yauzl';
import { call, type Json, signIn } from './account-helpers.js';
import type { RecordingDelivery } from './test-app.js';

const API = '/cloud-api';
export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** People and their drives, through the HTTP API, for integration suites. */
export function drivePeople(app: () => FastifyInstance, delivery: RecordingDelivery) {
  const tokens: Record<string, string> = {};
  const userIds: Record<string, string> = {};
  return {
    tokens,
    userIds,
    /** Registers `who@example.com` (nick name WHO) and signs in. */
    async join(who: string) {
      const account = `${who}@example.com`;
      await call(app(), 'GET', `/uac-api/captcha/getCode?account=${account}&scene=register`);
      await call(app(), 'POST', '/uac-api/register/user/info', {
        body: { account, password: 'drive_01', code: delivery.last(account)!.code, nickName: who.toUpperCase() },
      });
      tokens[who] = (await signIn(app(), { grant_type: 'password', account, password: 'drive_01' })).body.token;
      userIds[who] = (
        await call(app(), 'POST', '/uac-api/oauth2/user_perms', { token: tokens[who] })
      ).body.data.user.userId;
      return tokens[who]!;
    },
    async folder(token: string, name: string, parentId = '0'): Promise<string> {
      const made = await call(app(), 'POST', `${API}/engine/folder`, { token, body: { parentId, name } });
      expect(made.body.code, made.body.msg).toBe(0);
      return made.body.data.id;
    },
    /** A whole upload in one chunk; returns the new entry. */
    async upload(token: string, fileName: string, content: Buffer, folderId = '0'): Promise<Json> {
      const init = await call(app(), 'POST', `${API}/engine/filetransfer/upload/init`, {
        token,
        body: { fileName, folderId, fileSize: content.length, sha256: sha256(content) },
      });
      expect(init.body.code, init.body.msg).toBe(0);
      if (init.body.data.skipUpload) return init.body.data.entry;
      const res = await app().inject({
        method: 'PUT',
        url: `${API}/engine/filetransfer/upload/${init.body.data.uploadId}/0`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        payload: content,
      });
      expect(res.statusCode).toBe(200);
      const done = await call(app(), 'POST', `${API}/engine/filetransfer/upload/${init.body.data.uploadId}/complete`, {
        token,
      });
      expect(done.body.code, done.body.msg).toBe(0);
      return done.body.data;
    },
  };
}

/** Every file under a folder (the blob store's bytes), but its hidden working folders. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

/** The entry names of a zip, sorted. */
export function zipNames(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on('entry', (e: { fileName: string }) => {
        names.push(e.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names.sort()));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
