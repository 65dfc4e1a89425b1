import type { XmlElement } from './xml.js';

/**
 * The part of CSS that SVG files use: rules from `<style>` elements and declarations from `style=""`.
 * Selectors: type, `*`, `#id`, `.class`, attribute selectors (`[a]`, `=`, `~=`, `|=`, `^=`, `$=`, `*=`),
 * `:first-child`, and the descendant, child (`>`), adjacent (`+`) and sibling (`~`) combinators.
 * A rule with anything else in its selector is skipped (and reported), as browsers skip what they do not
 * understand.
 */

export interface Declaration {
  name: string;
  value: string;
  important: boolean;
}

interface AttrTest {
  name: string;
  op: '' | '=' | '~=' | '|=' | '^=' | '$=' | '*=';
  value: string;
}

interface Compound {
  tag: string | null;
  id: string | null;
  classes: string[];
  attrs: AttrTest[];
  firstChild: boolean;
}

/** A selector read right to left: `parts[0]` is the subject; `combinators[k]` joins parts k and k+1. */
export interface Selector {
  parts: Compound[];
  combinators: Array<' ' | '>' | '+' | '~'>;
  specificity: number;
}

export interface Rule {
  selector: Selector;
  declarations: Declaration[];
  /** Source order across all the document's style sheets. */
  order: number;
}

export interface Stylesheet {
  rules: Rule[];
  /** Things skipped, for the import warnings. */
  skipped: string[];
}

/** Reads `name: value; name: value !important` into declarations (names lower-cased). */
export function parseDeclarations(text: string): Declaration[] {
  const out: Declaration[] = [];
  for (const part of splitOutsideParens(stripComments(text), ';')) {
    const colon = part.indexOf(':');
    if (colon <= 0) continue;
    const name = part.slice(0, colon).trim().toLowerCase();
    let value = part.slice(colon + 1).trim();
    let important = false;
    const bang = /!\s*important\s*$/i.exec(value);
    if (bang) {
      important = true;
      value = value.slice(0, bang.index).trim();
    }
    if (name && value) out.push({ name, value, important });
  }
  return out;
}

function stripComments(s: string): string {
  return s.replace(/\/\*[\s\S]*?(\*\/|$)/g, ' ');
}

/** Splits on `sep` except inside parentheses and quotes (so `url(data:…;base64,…)` stays whole). */
function splitOutsideParens(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === sep && depth === 0) {
      out.push(s.slice(from, i));
      from = i + 1;
    }
  }
  out.push(s.slice(from));
  return out;
}

/** Parses style sheet text; `order` continues from earlier sheets so later rules win ties. */
export function parseStylesheet(text: string, firstOrder = 0): Stylesheet {
  const rules: Rule[] = [];
  const skipped: string[] = [];
  const s = stripComments(text);
  let i = 0;
  let order = firstOrder;
  while (i < s.length) {
    const open = s.indexOf('{', i);
    const semi = s.indexOf(';', i);
    const prelude = s.slice(i, open < 0 ? s.length : open).trim();
    if (prelude.startsWith('@') && semi >= 0 && (open < 0 || semi < open)) {
      // A statement at-rule such as @import or @charset.
      if (/^@import/i.test(prelude)) skipped.push('external style sheets (@import)');
      i = semi + 1;
      continue;
    }
    if (open < 0) break;
    const close = matchingBrace(s, open);
    const body = s.slice(open + 1, close);
    i = close + 1;
    if (prelude.startsWith('@')) {
      skipped.push(`CSS ${prelude.split(/[\s{]/)[0]} rules`);
      continue;
    }
    const declarations = parseDeclarations(body);
    for (const sel of prelude.split(',')) {
      const selector = parseSelector(sel.trim());
      if (selector) rules.push({ selector, declarations, order: order++ });
      else if (sel.trim()) skipped.push(`the CSS selector "${sel.trim()}"`);
    }
  }
  return { rules, skipped };
}

function matchingBrace(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === '{') depth++;
    else if (s[i] === '}' && --depth === 0) return i;
  }
  return s.length;
}

const IDENT = /^-?[_a-zA-Z\u00a0-\uffff][-\w\u00a0-\uffff]*/;

/** Parses one complex selector; null when it uses something not supported. */
export function parseSelector(text: string): Selector | null {
  const parts: Compound[] = [];
  const combinators: Selector['combinators'] = [];
  let spec = 0;
  let s = text.trim();
  if (!s) return null;
  while (s.length > 0) {
    const compound: Compound = { tag: null, id: null, classes: [], attrs: [], firstChild: false };
    let any = false;
    const tag = s.startsWith('*') ? '*' : IDENT.exec(s)?.[0];
    if (tag !== undefined) {
      any = true;
      if (tag !== '*') {
        compound.tag = tag;
        spec += 1;
      }
      s = s.slice(tag.length);
    }
    for (;;) {
      const c = s[0];
      if (c === '#' || c === '.') {
        const m = IDENT.exec(s.slice(1));
        if (!m) return null;
        if (c === '#') compound.id = m[0];
        else compound.classes.push(m[0]);
        spec += c === '#' ? 10_000 : 100;
        s = s.slice(1 + m[0].length);
      } else if (c === '[') {
        const m = /^\[\s*([-\w:]+)\s*(?:([~|^$*]?=)\s*(?:"([^"]*)"|'([^']*)'|([^\]\s]+))\s*)?\]/.exec(s);
        if (!m) return null;
        const op = (m[2] ?? '') as AttrTest['op'];
        compound.attrs.push({ name: m[1]!, op, value: m[3] ?? m[4] ?? m[5] ?? '' });
        spec += 100;
        s = s.slice(m[0].length);
      } else if (s.startsWith(':first-child')) {
        compound.firstChild = true;
        spec += 100;
        s = s.slice(12);
      } else break;
      any = true;
    }
    if (!any) return null;
    parts.unshift(compound);
    const comb = /^\s*([>+~])\s*|^\s+/.exec(s);
    if (!comb) {
      if (s.length > 0) return null;
      break;
    }
    s = s.slice(comb[0].length);
    if (s.length === 0) {
      if (comb[1]) return null;
      break;
    }
    combinators.unshift((comb[1] ?? ' ') as ' ' | '>' | '+' | '~');
  }
  if (parts.length > 32) return null;
  return { parts, combinators, specificity: spec };
}

function attrMatches(el: XmlElement, t: AttrTest): boolean {
  const v = el.attrs[t.name];
  if (v === undefined) return false;
  switch (t.op) {
    case '':
      return true;
    case '=':
      return v === t.value;
    case '~=':
      return v.split(/\s+/).includes(t.value);
    case '|=':
      return v === t.value || v.startsWith(`${t.value}-`);
    case '^=':
      return t.value !== '' && v.startsWith(t.value);
    case '$=':
      return t.value !== '' && v.endsWith(t.value);
    default:
      return t.value !== '' && v.includes(t.value);
  }
}

function elementSiblings(el: XmlElement): XmlElement[] {
  return el.parent ? (el.parent.children.filter((c) => typeof c !== 'string') as XmlElement[]) : [el];
}

function compoundMatches(el: XmlElement, c: Compound): boolean {
  if (c.tag !== null && c.tag !== el.name) return false;
  if (c.id !== null && el.attrs.id !== c.id) return false;
  if (c.classes.length > 0) {
    const cls = (el.attrs.class ?? '').split(/\s+/);
    for (const k of c.classes) if (!cls.includes(k)) return false;
  }
  for (const a of c.attrs) if (!attrMatches(el, a)) return false;
  if (c.firstChild && elementSiblings(el)[0] !== el) return false;
  return true;
}

function previousSibling(el: XmlElement): XmlElement | null {
  const sibs = elementSiblings(el);
  const k = sibs.indexOf(el);
  return k > 0 ? sibs[k - 1]! : null;
}

/**
 * Whether `el` matches the selector. The search backtracks over ancestors and siblings but gives up
 * after a fixed amount of work, so a hostile selector on a deep tree cannot take exponential time.
 */
export function selectorMatches(el: XmlElement, sel: Selector): boolean {
  let budget = 10_000;
  const match = (node: XmlElement, k: number): boolean => {
    if (--budget < 0) return false;
    if (!compoundMatches(node, sel.parts[k]!)) return false;
    if (k === sel.parts.length - 1) return true;
    const comb = sel.combinators[k]!;
    if (comb === '>') return node.parent !== null && match(node.parent, k + 1);
    if (comb === ' ') {
      for (let p = node.parent; p; p = p.parent) if (match(p, k + 1)) return true;
      return false;
    }
    if (comb === '+') {
      const prev = previousSibling(node);
      return prev !== null && match(prev, k + 1);
    }
    for (let p = previousSibling(node); p; p = previousSibling(p)) if (match(p, k + 1)) return true;
    return false;
  };
  return match(el, 0);
}

/** Rules bucketed by what their subject must have, so each element only tries the rules that may apply. */
export class RuleIndex {
  private readonly byId = new Map<string, Rule[]>();
  private readonly byClass = new Map<string, Rule[]>();
  private readonly byTag = new Map<string, Rule[]>();
  private readonly rest: Rule[] = [];

  constructor(rules: readonly Rule[]) {
    for (const r of rules) {
      const subject = r.selector.parts[0]!;
      if (subject.id !== null) push(this.byId, subject.id, r);
      else if (subject.classes.length > 0) push(this.byClass, subject.classes[0]!, r);
      else if (subject.tag !== null) push(this.byTag, subject.tag, r);
      else this.rest.push(r);
    }
  }

  get size(): number {
    return this.byId.size + this.byClass.size + this.byTag.size + this.rest.length;
  }

  /** The rules whose selectors match `el`, in no particular order. */
  matching(el: XmlElement): Rule[] {
    const candidates: Rule[] = [...this.rest];
    const id = el.attrs.id;
    if (id !== undefined) candidates.push(...(this.byId.get(id) ?? []));
    for (const c of new Set((el.attrs.class ?? '').split(/\s+/)))
      if (c) candidates.push(...(this.byClass.get(c) ?? []));
    candidates.push(...(this.byTag.get(el.name) ?? []));
    return candidates.filter((r) => selectorMatches(el, r.selector));
  }
}

function push(map: Map<string, Rule[]>, key: string, r: Rule): void {
  const list = map.get(key);
  if (list) list.push(r);
  else map.set(key, [r]);
}
