import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listResponse } from '../modules/drive/drive.schema.js';
import { responseSerializerCompiler, simplified } from './response-serializer.js';

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as never;
const serialize = (schema: unknown, data: unknown) => responseSerializerCompiler(route(schema))(data);

const entry = (i: number) => ({
  userFileId: `id-${i}`,
  id: `id-${i}`,
  folderId: 'f',
  fileName: `part "${i}"\n`,
  name: `part ${i}`,
  extendName: 'dxf',
  filePath: '/a',
  path: '/a',
  isDir: (i % 2) as 0 | 1,
  fileSize: i * 1000,
  uploadTime: '2026-01-02 03:04:05',
  deleteTime: null,
  deleteBatchNum: null,
  deleteFlag: 0,
  childCount: 0,
  imageWidth: i ? 640 : null,
  imageHeight: null,
  internalOnly: 'never written',
});

describe('responses written from the route schema', () => {
  it('writes a list page as the zod encode did, without undeclared fields', () => {
    const page = {
      code: 0,
      msg: 'ok',
      data: { list: [0, 1, 2].map(entry), page: 1, limit: 20, total: 3, nextCursor: null },
    };
    const fast = serialize(listResponse, page);
    const zod = zodSerializerCompiler(route(listResponse))(page);
    expect(JSON.parse(fast)).toEqual(JSON.parse(zod));
    expect(fast).not.toContain('internalOnly');
  });

  it('fails a response that lacks a required field', () => {
    const page = { code: 0, msg: 'ok', data: { list: [], page: 1, limit: 20 } };
    expect(() => serialize(listResponse, page)).toThrow(/total/);
  });

  it('keeps the zod serializer for a schema JSON Schema cannot express', () => {
    const schema = z.object({ code: z.custom<string>((v) => typeof v === 'string' && v.startsWith('K')) });
    expect(serialize(schema, { code: 'K1' })).toBe('{"code":"K1"}');
    expect(() => serialize(schema, { code: 'X1' })).toThrow();
  });

  it('takes a schema wrapped as { properties }', () => {
    const schema = z.object({ a: z.number() });
    expect(serialize({ properties: schema }, { a: 1, b: 2 })).toBe('{"a":1}');
  });

  it('turns unions of constants into one typed enum, and leaves other unions alone', () => {
    expect(
      simplified({
        anyOf: [
          { type: 'number', const: 0 },
          { type: 'number', const: 1 },
        ],
      }),
    ).toEqual({
      type: 'number',
      enum: [0, 1],
    });
    const mixed = { anyOf: [{ type: 'string' }, { type: 'number', const: 1 }] };
    expect(simplified(mixed)).toEqual(mixed);
  });
});
