import { FormatError } from '../../model/errors.js';

/**
 * The group-code reader under the DXF parser. An ASCII DXF is a list of pairs of lines: a group code
 * (an integer saying what the value means) and a value. The reader walks the text once, keeps only the
 * current pair in two fields (no object per pair) and can step back one pair so an entity parser can
 * stop at the `0` code that starts the next entity.
 */
export class GroupReader {
  /** The current pair's group code. */
  code = -1;
  private vStart = 0;
  private vEnd = 0;
  private cached: string | null = null;
  private pos = 0;
  private lineNo = 0;
  private held = false;
  private readonly text: string;

  constructor(text: string) {
    this.text = text;
    if (text.charCodeAt(0) === 0xfeff) this.pos = 1;
  }

  /** 1-based line number of the current pair's code line (for error messages). */
  get line(): number {
    return this.lineNo - 1;
  }

  /** Reads the next pair; false at the end of the text. Throws FormatError for a malformed pair. */
  next(): boolean {
    if (this.held) {
      this.held = false;
      return true;
    }
    const text = this.text;
    const len = text.length;
    // Skip blank lines between pairs (some writers end the file with extra line breaks).
    let start = this.pos;
    let end = text.indexOf('\n', start);
    if (end < 0) end = len;
    while (start < len && isBlank(text, start, end)) {
      this.lineNo++;
      start = end + 1;
      end = start < len ? text.indexOf('\n', start) : len;
      if (end < 0) end = len;
    }
    if (start >= len) {
      this.pos = len;
      return false;
    }
    this.lineNo++;
    this.code = parseCode(text, start, end, this.lineNo);
    const vStart = end + 1;
    if (vStart >= len) throw new FormatError('dxf', `the file ends after group code ${this.code} without its value`);
    let vEnd = text.indexOf('\n', vStart);
    if (vEnd < 0) vEnd = len;
    this.lineNo++;
    this.pos = vEnd + 1;
    if (vEnd > vStart && text.charCodeAt(vEnd - 1) === 13) vEnd--;
    this.vStart = vStart;
    this.vEnd = vEnd;
    this.cached = null;
    return true;
  }

  /** The current pair's value, without its line ending (made on demand: numbers are read in place). */
  get value(): string {
    if (this.cached === null) this.cached = this.text.slice(this.vStart, this.vEnd);
    return this.cached;
  }

  /** Whether the value is exactly `word` (no substring is made). */
  is(word: string): boolean {
    const len = this.vEnd - this.vStart;
    if (len !== word.length) return this.value.trim() === word;
    return this.text.startsWith(word, this.vStart);
  }

  /** Makes the next `next()` return the current pair again. */
  unread(): void {
    this.held = true;
  }

  /**
   * The value as a number: NaN when it is not one (the callers check finiteness where it matters).
   * Plain decimals of up to 15 digits are read straight from the text; anything else goes to Number().
   */
  num(): number {
    const text = this.text;
    let i = this.vStart;
    const end = this.vEnd;
    while (i < end && text.charCodeAt(i) === 32) i++;
    let neg = false;
    const c0 = text.charCodeAt(i);
    if (c0 === 45 || c0 === 43) {
      neg = c0 === 45;
      i++;
    }
    let mant = 0;
    let digits = 0;
    let scale = 0;
    let dot = false;
    let any = false;
    for (; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c >= 48 && c <= 57) {
        any = true;
        if (digits > 0 || c !== 48) digits++;
        mant = mant * 10 + (c - 48);
        if (dot) scale++;
      } else if (c === 46 && !dot) dot = true;
      else break;
    }
    while (i < end && text.charCodeAt(i) === 32) i++;
    // Exponents, long mantissas and anything odd take the exact slow path; otherwise an integer below
    // 2^53 divided by an exact power of ten is the correctly rounded value, as Number() would give.
    if (i < end || !any || digits > 15 || scale > 22) return this.slowNum();
    const v = scale === 0 ? mant : mant / POW10[scale]!;
    return neg ? -v : v;
  }

  private slowNum(): number {
    const v = this.value.trim();
    return v.length === 0 ? Number.NaN : Number(v);
  }

  /** The value as an integer (flags, counts); 0 when it is not a number. */
  int(): number {
    const n = this.num();
    return Number.isFinite(n) ? Math.trunc(n) : 0;
  }

  /** The value trimmed of surrounding spaces (names, keywords). */
  name(): string {
    const v = this.value;
    const last = v.charCodeAt(v.length - 1);
    return v.charCodeAt(0) === 32 || last === 32 || last === 9 ? v.trim() : v;
  }
}

/** Powers of ten that are exact doubles (up to 1e22). */
const POW10: readonly number[] = Array.from({ length: 23 }, (_, k) => 10 ** k);

function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 13 && c !== 9) return false;
  }
  return true;
}

/** Parses a group-code line (digits with optional spaces and sign) without making a substring. */
function parseCode(text: string, start: number, end: number, lineNo: number): number {
  let i = start;
  while (i < end && text.charCodeAt(i) === 32) i++;
  let sign = 1;
  if (text.charCodeAt(i) === 45) {
    sign = -1;
    i++;
  }
  let n = 0;
  let digits = 0;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      n = n * 10 + (c - 48);
      digits++;
    } else break;
  }
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 13 && c !== 9) break;
  }
  if (digits === 0 || digits > 6 || i < end) {
    const shown = text.slice(start, Math.min(end, start + 40)).trim();
    throw new FormatError(
      'dxf',
      `line ${lineNo}: "${shown}" is not a group code (a DXF file alternates codes and values)`,
    );
  }
  return sign * n;
}

/** Replaces AutoCAD's `\U+XXXX` escapes with the characters they stand for. */
export function decodeUnicodeEscapes(s: string): string {
  if (s.indexOf('\\U+') < 0 && s.indexOf('\\u+') < 0) return s;
  return s.replace(/\\[Uu]\+([0-9A-Fa-f]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const BINARY_SENTINEL = 'AutoCAD Binary DXF';

/** True when the text or bytes start with the binary DXF sentinel. */
export function isBinaryDxf(input: string | Uint8Array): boolean {
  if (typeof input === 'string') return input.startsWith(BINARY_SENTINEL);
  if (input.length < BINARY_SENTINEL.length) return false;
  for (let i = 0; i < BINARY_SENTINEL.length; i++) if (input[i] !== BINARY_SENTINEL.charCodeAt(i)) return false;
  return true;
}

/** `$DWGCODEPAGE` values to WHATWG encoding labels (the ones TextDecoder knows). */
const CODE_PAGES: Record<string, string> = {
  ANSI_874: 'windows-874',
  ANSI_932: 'shift_jis',
  ANSI_936: 'gbk',
  ANSI_949: 'euc-kr',
  ANSI_950: 'big5',
  ANSI_1250: 'windows-1250',
  ANSI_1251: 'windows-1251',
  ANSI_1252: 'windows-1252',
  ANSI_1253: 'windows-1253',
  ANSI_1254: 'windows-1254',
  ANSI_1255: 'windows-1255',
  ANSI_1256: 'windows-1256',
  ANSI_1257: 'windows-1257',
  ANSI_1258: 'windows-1258',
  DOS866: 'ibm866',
  GB2312: 'gbk',
  BIG5: 'big5',
};

/** The encoding label for a `$DWGCODEPAGE` value (windows-1252 when unknown). */
export function codePageEncoding(codePage: string | undefined): string {
  if (!codePage) return 'windows-1252';
  return CODE_PAGES[codePage.trim().toUpperCase()] ?? 'windows-1252';
}

/** `$ACADVER` and `$DWGCODEPAGE` read from the start of a file (the HEADER section comes first). */
export function sniffHeader(text: string): { version?: string; codePage?: string } {
  const out: { version?: string; codePage?: string } = {};
  const r = new GroupReader(text);
  let variable = '';
  try {
    while (r.next()) {
      if (r.code === 0 && r.value.trim() === 'ENDSEC') break;
      if (r.code === 9) variable = r.name();
      else if (variable === '$ACADVER' && r.code === 1) out.version = r.name();
      else if (variable === '$DWGCODEPAGE' && r.code === 3) out.codePage = r.name();
      if (out.version && out.codePage) break;
    }
  } catch {
    // The sniffed prefix may end mid-pair; what was read so far is enough.
  }
  return out;
}

/** Versions from AutoCAD 2007 (AC1021) on store text as UTF-8. */
export function isUtf8Version(version: string | undefined): boolean {
  if (!version || !/^AC\d{4}$/.test(version)) return false;
  return Number(version.slice(2)) >= 1021;
}

/**
 * Text of a DXF file given as bytes: UTF-8 with a byte-order mark or from AutoCAD 2007 on, otherwise the
 * code page its header names. Returns the text and a note when the code page could not be honoured.
 */
export function decodeDxfBytes(bytes: Uint8Array): { text: string; note?: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)) };
  }
  const head = new TextDecoder('windows-1252').decode(bytes.subarray(0, Math.min(bytes.length, 256 * 1024)));
  const { version, codePage } = sniffHeader(head);
  if (isUtf8Version(version)) return { text: new TextDecoder('utf-8').decode(bytes) };
  const label = codePageEncoding(codePage);
  try {
    return { text: new TextDecoder(label).decode(bytes) };
  } catch {
    return {
      text: new TextDecoder('windows-1252').decode(bytes),
      note: `the code page ${codePage} is not available here; text was read as Windows-1252`,
    };
  }
}
