import { FormatError } from '../../model/errors.js';

/**
 * A small, strict, non-recursive XML reader for SVG files. It builds a plain element tree with the
 * namespaces resolved. It never expands DTD entities (only the five predefined ones and character
 * references), so "billion laughs" entity bombs cost nothing, and it keeps an explicit stack instead of
 * recursing, so deep nesting cannot overflow the call stack (it is capped at MAX_XML_DEPTH anyway).
 */

export const SVG_NS = 'http://www.w3.org/2000/svg';
export const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** The deepest element nesting accepted; real drawings stay far below it. */
export const MAX_XML_DEPTH = 1000;

export interface XmlElement {
  /** Local name (`rect`, not `svg:rect`). */
  name: string;
  /** Namespace URI, '' when none. */
  ns: string;
  /**
   * Attributes without a namespace under their local name; `xlink:` and `xml:` attributes under that
   * prefix whatever prefix the file used; attributes of other namespaces are dropped.
   */
  attrs: Record<string, string>;
  children: XmlNode[];
  parent: XmlElement | null;
}

export type XmlNode = XmlElement | string;

export interface XmlDocument {
  root: XmlElement;
  /** Things the reader noticed but did not act on (e.g. ignored entity declarations). */
  warnings: string[];
}

/** Where offset `at` lies, as "line L, column C", for error messages. */
function where(s: string, at: number): string {
  let line = 1;
  let col = 1;
  for (let i = 0; i < at && i < s.length; i++) {
    if (s.charCodeAt(i) === 10) {
      line++;
      col = 1;
    } else col++;
  }
  return `line ${line}, column ${col}`;
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Replaces character and predefined entity references; others are left as written and reported. */
function decodeEntities(s: string, unknown: Set<string>): string {
  if (s.indexOf('&') < 0) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z_][\w.-]*);/g, (whole, ref: string) => {
    if (ref.charCodeAt(0) === 35) {
      const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    const known = PREDEFINED[ref];
    if (known !== undefined) return known;
    unknown.add(ref);
    return whole;
  });
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** Characters that end an XML name. */
function endsName(c: number): boolean {
  return isSpace(c) || c === 47 || c === 62 || c === 61 || c === 60 || Number.isNaN(c);
}

interface RawElement {
  qname: string;
  rawAttrs: Array<[string, string]>;
  /** Namespace prefixes declared on this element (prefix '' = default namespace). */
  scope: Map<string, string>;
  el: XmlElement;
}

/** Reads the text of an SVG file into an element tree; throws FormatError for anything that is not XML. */
export function parseXml(text: string): XmlDocument {
  const s = text;
  const n = s.length;
  const unknownEntities = new Set<string>();
  const warnings: string[] = [];
  const stack: RawElement[] = [];
  let root: XmlElement | null = null;
  let i = s.charCodeAt(0) === 0xfeff ? 1 : 0; // a byte-order mark left in the text
  const fail = (what: string, at: number): never => {
    throw new FormatError('svg', `the file is not valid XML: ${what} at ${where(s, at)}`);
  };
  const lookup = (prefix: string): string | undefined => {
    for (let k = stack.length - 1; k >= 0; k--) {
      const v = stack[k]!.scope.get(prefix);
      if (v !== undefined) return v;
    }
    if (prefix === 'xml') return XML_NS;
    return prefix === '' ? '' : undefined;
  };
  const addText = (t: string) => {
    const top = stack[stack.length - 1];
    if (!top) {
      if (t.trim() !== '') fail('text outside the root element', i);
      return;
    }
    const kids = top.el.children;
    const last = kids.length - 1;
    if (last >= 0 && typeof kids[last] === 'string') kids[last] = (kids[last] as string) + t;
    else kids.push(t);
  };

  while (i < n) {
    const lt = s.indexOf('<', i);
    if (lt < 0) {
      addText(decodeEntities(s.slice(i), unknownEntities));
      break;
    }
    if (lt > i) addText(decodeEntities(s.slice(i, lt), unknownEntities));
    i = lt;
    const next = s.charCodeAt(i + 1);
    if (next === 63 /* ? */) {
      const end = s.indexOf('?>', i + 2);
      if (end < 0) fail('an unterminated processing instruction', i);
      i = end + 2;
    } else if (s.startsWith('<!--', i)) {
      const end = s.indexOf('-->', i + 4);
      if (end < 0) fail('an unterminated comment', i);
      i = end + 3;
    } else if (s.startsWith('<![CDATA[', i)) {
      const end = s.indexOf(']]>', i + 9);
      if (end < 0) fail('an unterminated CDATA section', i);
      if (stack.length === 0) fail('CDATA outside the root element', i);
      addText(s.slice(i + 9, end));
      i = end + 3;
    } else if (s.startsWith('<!DOCTYPE', i)) {
      i = skipDoctype(s, i, warnings, fail);
    } else if (next === 47 /* / */) {
      i = closeTag(s, i, stack, fail);
    } else {
      const opened = openTag(s, i, fail);
      i = opened.end;
      if (stack.length === 0 && root) fail('a second root element', lt);
      if (stack.length >= MAX_XML_DEPTH) {
        throw new FormatError('svg', `elements are nested more than ${MAX_XML_DEPTH} levels deep`);
      }
      const raw = resolveElement(opened.qname, opened.attrs, stack, lookup, unknownEntities, lt, fail);
      if (!root) root = raw.el;
      if (!opened.selfClosing) stack.push(raw);
    }
  }
  if (stack.length > 0) {
    throw new FormatError('svg', `the file ends inside <${stack[stack.length - 1]!.qname}> (it may be truncated)`);
  }
  if (!root) throw new FormatError('svg', 'the file has no root element');
  if (unknownEntities.size > 0) {
    warnings.push(
      `entity references were not expanded (${[...unknownEntities]
        .slice(0, 5)
        .map((e) => `&${e};`)
        .join(', ')})`,
    );
  }
  return { root, warnings };
}

/** Skips `<!DOCTYPE …>` including an internal subset; notes entity declarations, which are ignored. */
function skipDoctype(s: string, at: number, warnings: string[], fail: (w: string, at: number) => never): number {
  let i = at + 9;
  let depth = 0;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c === 34 || c === 39) {
      const end = s.indexOf(String.fromCharCode(c), i + 1);
      if (end < 0) break;
      i = end + 1;
      continue;
    }
    if (c === 91) depth++;
    else if (c === 93) depth--;
    else if (c === 62 && depth <= 0) {
      if (/<!ENTITY/.test(s.slice(at, i))) {
        warnings.push('the DOCTYPE declares entities; Kerf does not expand them (protection against entity bombs)');
      }
      return i + 1;
    }
    i++;
  }
  return fail('an unterminated DOCTYPE', at);
}

interface OpenedTag {
  qname: string;
  attrs: Array<[string, string]>;
  selfClosing: boolean;
  end: number;
}

/** Reads `<name attr="v" …>` or `…/>` starting at `at`. */
function openTag(s: string, at: number, fail: (w: string, at: number) => never): OpenedTag {
  let i = at + 1;
  const nameStart = i;
  while (!endsName(s.charCodeAt(i))) i++;
  if (i === nameStart) fail("a '<' that does not start a tag", at);
  const qname = s.slice(nameStart, i);
  const attrs: Array<[string, string]> = [];
  for (;;) {
    while (isSpace(s.charCodeAt(i))) i++;
    const c = s.charCodeAt(i);
    if (c === 62) return { qname, attrs, selfClosing: false, end: i + 1 };
    if (c === 47) {
      if (s.charCodeAt(i + 1) !== 62) fail("a '/' inside a tag", i);
      return { qname, attrs, selfClosing: true, end: i + 2 };
    }
    if (Number.isNaN(c)) fail(`the end of the file inside <${qname}>`, at);
    const an = i;
    while (!endsName(s.charCodeAt(i))) i++;
    if (i === an) fail(`an unexpected character in <${qname}>`, i);
    const attrName = s.slice(an, i);
    while (isSpace(s.charCodeAt(i))) i++;
    if (s.charCodeAt(i) !== 61) fail(`attribute ${attrName} without a value`, i);
    i++;
    while (isSpace(s.charCodeAt(i))) i++;
    const q = s.charCodeAt(i);
    if (q !== 34 && q !== 39) fail(`the value of ${attrName} is not quoted`, i);
    const end = s.indexOf(q === 34 ? '"' : "'", i + 1);
    if (end < 0) fail(`the value of ${attrName} is not closed`, i);
    const value = s.slice(i + 1, end);
    if (value.indexOf('<') >= 0) fail(`a '<' in the value of ${attrName}`, i);
    attrs.push([attrName, value]);
    i = end + 1;
    const after = s.charCodeAt(i);
    if (!isSpace(after) && after !== 62 && after !== 47) fail(`no space after the value of ${attrName}`, i);
  }
}

/** Reads `</name>` and pops the matching element. */
function closeTag(s: string, at: number, stack: RawElement[], fail: (w: string, at: number) => never): number {
  const end = s.indexOf('>', at);
  if (end < 0) fail('an unterminated end tag', at);
  const qname = s.slice(at + 2, end).trim();
  const top = stack.pop();
  if (!top) fail(`</${qname}> without an open element`, at);
  if (top!.qname !== qname) fail(`</${qname}> closes <${top!.qname}>`, at);
  return end + 1;
}

/** Builds the element for a start tag: namespace declarations, the element's namespace, its attributes. */
function resolveElement(
  qname: string,
  rawAttrs: Array<[string, string]>,
  stack: RawElement[],
  lookup: (prefix: string) => string | undefined,
  unknown: Set<string>,
  at: number,
  fail: (w: string, at: number) => never,
): RawElement {
  const scope = new Map<string, string>();
  for (const [name, value] of rawAttrs) {
    if (name === 'xmlns') scope.set('', value);
    else if (name.startsWith('xmlns:')) scope.set(name.slice(6), value);
  }
  const parent = stack[stack.length - 1]?.el ?? null;
  const raw: RawElement = {
    qname,
    rawAttrs,
    scope,
    el: { name: qname, ns: '', attrs: Object.create(null) as Record<string, string>, children: [], parent },
  };
  // Resolve with this element's own declarations in scope.
  stack.push(raw);
  const colon = qname.indexOf(':');
  const prefix = colon < 0 ? '' : qname.slice(0, colon);
  const ns = lookup(prefix);
  if (ns === undefined) {
    stack.pop();
    fail(`the undeclared namespace prefix ${prefix}:`, at);
  }
  raw.el.name = colon < 0 ? qname : qname.slice(colon + 1);
  raw.el.ns = ns!;
  for (const [name, value] of rawAttrs) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    const c = name.indexOf(':');
    let key = name;
    if (c >= 0) {
      const ans = lookup(name.slice(0, c));
      const local = name.slice(c + 1);
      if (ans === XLINK_NS) key = `xlink:${local}`;
      else if (ans === XML_NS) key = `xml:${local}`;
      else continue;
    }
    if (!(key in raw.el.attrs)) raw.el.attrs[key] = decodeEntities(value, unknown).replace(/[\t\n\r]/g, ' ');
  }
  stack.pop();
  parent?.children.push(raw.el);
  return raw;
}
