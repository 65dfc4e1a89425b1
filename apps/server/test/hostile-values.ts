import fc from 'fast-check';

/** Test helpers for the hostile-input property suite: requests built from an OpenAPI document. */

export interface JsonSchema {
  type?: string | string[];
  $ref?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  operation: OpenApiOperation;
}

export interface HostileRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

type Doc = { paths: Record<string, Record<string, OpenApiOperation>>; components?: object };

export function routesOf(document: Doc): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(upper)) {
        routes.push({ method: upper as Route['method'], path, operation });
      }
    }
  }
  return routes;
}

/** `'%'` sequences that decode to nothing valid: sent as they are in URLs and cookies. */
const PERCENT_GARBAGE = ['%', '%zz', '%E0%A4%A', '%ED%A0%80', '%00', '%C0%AF..%C0%AF', '%%32%65', '%uD800'];

const NAMED = [
  '\u0000',
  'a\u0000b',
  'plan\u0000.dxf',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '../../../etc/passwd',
  '..\\..\\windows',
  '..',
  '.',
  "'; drop table users; --",
  "' OR '1'='1",
  '"\\',
  '\u202egnp.exe',
  '\u2066x\u2069',
  '\u200fA\u200e',
  '\r\nX-Injected: 1',
  '<script>alert(1)</script>',
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  '99999999999999999999999999',
  'NaN',
  'null',
  'undefined',
  'true',
  '[object Object]',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  '𝔘ñíçødé 激光',
  ...PERCENT_GARBAGE,
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NAMED) },
  { weight: 1, arbitrary: fc.constantFrom('a'.repeat(10_000), '\u0000'.repeat(10_001), '%'.repeat(10_000)) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...NAMED), fc.string({ maxLength: 6 }), fc.constantFrom(...NAMED))
      .map(([a, b, c]) => a + b + c),
  },
);

const hostileNumber: fc.Arbitrary<number | string> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    1.5,
    2 ** 31,
    2 ** 53 + 1,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    1e308,
    -1e308,
    '1e999',
    '9'.repeat(400),
    '0x10',
    '1_000',
  ),
  fc.integer(),
);

/** Any value at all: what a schema did not ask for. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, {}, [], [[[]]], { $ne: null }, { __proto__: { admin: true } }),
  hostileNumber,
  hostileString,
  fc.array(hostileString, { maxLength: 3 }),
);

function resolve(schema: JsonSchema | undefined, document: Doc): JsonSchema {
  let current = schema ?? {};
  for (let i = 0; i < 10 && current.$ref; i++) {
    const path = current.$ref.replace(/^#\//, '').split('/');
    // biome-ignore lint/suspicious/noExplicitAny: walking a JSON document
    current = path.reduce<any>((node, key) => node?.[key], document) ?? {};
  }
  return current;
}

/** A value for a schema: mostly of the right shape with hostile content, sometimes of the wrong type. */
export function hostileValue(schema: JsonSchema, document: Doc, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, document);
  const branches = s.anyOf ?? s.oneOf;
  if (branches?.length) {
    return fc.oneof(...branches.map((branch) => hostileValue(branch, document, depth + 1)), wrongType);
  }
  if (s.allOf?.length) return hostileValue(s.allOf[0]!, document, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  const shaped = ((): fc.Arbitrary<unknown> => {
    if (s.enum?.length) return fc.oneof(fc.constantFrom(...s.enum), hostileString);
    if (s.const !== undefined) return fc.oneof(fc.constant(s.const), hostileString);
    switch (type) {
      case 'string':
        return hostileString;
      case 'integer':
      case 'number':
        return hostileNumber;
      case 'boolean':
        return fc.oneof(fc.boolean(), fc.constantFrom('yes', '\u0000', 2));
      case 'array':
        return depth > 3
          ? fc.constant([])
          : fc.oneof(
              fc.array(hostileValue(s.items ?? {}, document, depth + 1), { maxLength: 3 }),
              fc.constant(Array.from({ length: 2000 }, () => 'x')),
            );
      case 'object': {
        if (depth > 3 || !s.properties) return fc.dictionary(hostileString, hostileString, { maxKeys: 3 });
        const required = new Set(s.required ?? []);
        const fields = Object.entries(s.properties).map(([key, property]) =>
          required.has(key)
            ? hostileValue(property, document, depth + 1).map((value) => [key, value] as const)
            : fc.option(hostileValue(property, document, depth + 1), { nil: undefined }).map((v) => [key, v] as const),
        );
        return fc.tuple(...fields).map((pairs) => Object.fromEntries(pairs.filter(([, v]) => v !== undefined)));
      }
      default:
        return wrongType;
    }
  })();
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: wrongType });
}

/** Percent-encodes the UTF-8 bytes of a value (a lone surrogate becomes U+FFFD, as any client would send). */
function encoded(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');
}

/** As text in a URL: `%` garbage goes raw, so the server sees the broken sequence itself. */
function urlText(value: unknown): string {
  const text = typeof value === 'string' ? value : value === null ? 'null' : String(value);
  return PERCENT_GARBAGE.some((garbage) => text.includes(garbage)) && /^[\x21-\x7e]*$/.test(text)
    ? text.replace(/[#?&=/]/g, encoded)
    : encoded(text);
}

function queryPairs(key: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((item) => queryPairs(key, item));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([sub, v]) => queryPairs(`${key}[${sub}]`, v));
  }
  return [`${encoded(key)}=${urlText(value)}`];
}

const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    cookie: fc.constantFrom(
      'UAC-Token=%E0%A4%A',
      'UAC-Token=%00',
      'UAC-Token=%',
      'UAC-Token=%ED%A0%80; other=1',
      'UAC-Token=; =; ;;',
      `UAC-Token=${'a'.repeat(4000)}`,
    ),
    'accept-language': fc.constantFrom('%zz', 'en;q=abc', 'x'.repeat(2000), '*', ''),
  },
  { requiredKeys: [] },
);

const MULTIPART = 'multipart/form-data';

/** A multipart body broken one way or another: truncated, too many parts, the wrong boundary. */
const brokenMultipart: fc.Arbitrary<{ contentType: string; payload: Buffer }> = fc
  .constantFrom('truncated', 'manyParts', 'wrongBoundary', 'noBoundary', 'garbage')
  .map((kind) => {
    const part = (name: string, body: string) =>
      `--B\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${body}\r\n`;
    const whole = `${part('file', '\x89PNG\r\n\x1a\n')}--B--\r\n`;
    switch (kind) {
      case 'truncated':
        return { contentType: `${MULTIPART}; boundary=B`, payload: Buffer.from(whole.slice(0, 60)) };
      case 'manyParts':
        return {
          contentType: `${MULTIPART}; boundary=B`,
          payload: Buffer.from(`${Array.from({ length: 20 }, (_, i) => part(`f${i}`, 'x')).join('')}--B--\r\n`),
        };
      case 'wrongBoundary':
        return { contentType: `${MULTIPART}; boundary=C`, payload: Buffer.from(whole) };
      case 'noBoundary':
        return { contentType: MULTIPART, payload: Buffer.from(whole) };
      default:
        return { contentType: `${MULTIPART}; boundary=B`, payload: Buffer.from('\u0000\u0001--B\r\n\r\n') };
    }
  });

/** Hostile requests for one route: path params, query and body from its schemas, and hostile headers. */
export function requestFor(route: Route, document: Doc): fc.Arbitrary<HostileRequest> {
  const parameters = route.operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const content = route.operation.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const multipart = MULTIPART in content || /avatar$/.test(route.path);

  const path = fc
    .tuple(...pathParams.map((p) => hostileValue(p.schema ?? {}, document)))
    .map((values) =>
      pathParams.reduce((url, p, i) => url.replace(`{${p.name}}`, urlText(values[i]) || '%20'), route.path),
    );
  const query = fc
    .tuple(...queryParams.map((p) => fc.option(hostileValue(p.schema ?? {}, document), { nil: undefined, freq: 4 })))
    .map((values) => queryParams.flatMap((p, i) => queryPairs(p.name, values[i])).join('&'));
  const body: fc.Arbitrary<{ contentType?: string; payload?: string | Buffer }> = multipart
    ? brokenMultipart
    : jsonSchema
      ? fc
          .oneof(
            { weight: 6, arbitrary: hostileValue(jsonSchema, document).map((v) => JSON.stringify(v) ?? 'null') },
            { weight: 1, arbitrary: fc.constantFrom('{"a":', '\u0000', '[', '{"__proto__":{"x":1}}', '"\\ud800"') },
          )
          .map((payload) => ({ contentType: 'application/json', payload }))
      : fc.constant({});

  return fc.tuple(path, query, body, hostileHeaders).map(([p, q, b, headers]) => ({
    url: q ? `${p}?${q}` : p,
    headers: { ...headers, ...(b.contentType ? { 'content-type': b.contentType } : {}) },
    ...(b.payload === undefined ? {} : { payload: b.payload }),
  }));
}
