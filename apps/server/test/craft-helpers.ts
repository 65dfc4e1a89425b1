import type { CraftInputDraft } from '@kerf/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.js';
import { grantRole, type Json } from './account-helpers.js';

export const CRAFTS = '/cloud-api/craft/craft';

/** A valid craft a test can vary. */
export function sampleCraft(overrides: Partial<CraftInputDraft> = {}): CraftInputDraft {
  return {
    material: '樱桃木 Cherry',
    thickness: 4,
    machineModel: 'K40',
    laserType: 'gas',
    powerClass: 40,
    name: '切割 Cut',
    description: '',
    passes: [{ mode: 'cut', minPower: 50, maxPower: 60, speed: 10, airAssist: true }],
    ...overrides,
  };
}

/** One part of a multipart body: a field, or a file (`filename` set). */
export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer | string };

/** A multipart/form-data body of `parts`, in their order. */
export function multipartBody(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----kerf${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) => {
    const head =
      'filename' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n'
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    const body = 'filename' in part ? part.content : part.value;
    return [Buffer.from(head), Buffer.isBuffer(body) ? body : Buffer.from(body), Buffer.from('\r\n')];
  });
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A multipart body with one `file` field. */
export function multipartFile(fileName: string, content: Buffer | string): { payload: Buffer; contentType: string } {
  return multipartBody([{ name: 'file', filename: fileName, content }]);
}

/** Posts one file as multipart `file` to `url`, as the caller with `token` (none: anonymous). */
export async function postFile(
  app: FastifyInstance,
  url: string,
  token: string | null,
  fileName: string,
  content: Buffer | string,
  lang = 'zh-CN',
) {
  const { payload, contentType } = multipartFile(fileName, content);
  const res = await app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': contentType,
      'accept-language': lang,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload,
  });
  return { status: res.statusCode, body: res.json() as Json };
}

/** Sends a library file to the import preview or the import. */
export function sendLibrary(
  app: FastifyInstance,
  which: 'import' | 'import/preview',
  token: string | null,
  fileName: string,
  content: Buffer | string,
  query = 'library=personal',
  lang = 'zh-CN',
) {
  return postFile(app, `${CRAFTS}/${which}?${query}`, token, fileName, content, lang);
}

/**
 * Gives a person a role with craft:standard:edit (a craft editor who is not an administrator). Made
 * before the person signs in, so the grant is part of the session from the start.
 */
export async function grantCraftEditor(db: Database, userId: string): Promise<void> {
  await grantRole(db, userId, 'craft-editor', ['craft:library:list', 'craft:personal:edit', 'craft:standard:edit']);
}
