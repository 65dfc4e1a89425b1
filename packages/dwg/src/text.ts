/**
 * Plain text out of AutoCAD text strings: MTEXT inline formatting codes (`\P`, `{\fArial;…}`, `\S1/2;`…)
 * and the `%%` control codes that TEXT and MTEXT share (`%%d` degree, `%%c` diameter, `%%p` plus-minus).
 */

/** MTEXT codes whose argument runs up to the next `;` and is dropped (font, height, colour, tracking…). */
const CODES_WITH_ARGUMENT = new Set(['A', 'C', 'c', 'F', 'f', 'H', 'Q', 'T', 'W', 'p']);
/** MTEXT on/off switches without an argument (underline, overline, strike-through). */
const SWITCHES = new Set(['L', 'l', 'O', 'o', 'K', 'k']);

/** Replaces the `%%` control codes of TEXT and MTEXT with the characters they stand for. */
export function decodePercentCodes(text: string): string {
  if (!text.includes('%%')) return text;
  return text.replace(/%%(\d{3}|.)/gi, (whole, code: string) => {
    switch (code.toLowerCase()) {
      case 'c':
        return '\u2300';
      case 'd':
        return '\u00b0';
      case 'p':
        return '\u00b1';
      case '%':
        return '%';
      case 'u':
      case 'o':
      case 'k':
        return '';
      default:
        return /^\d{3}$/.test(code) ? String.fromCharCode(Number(code)) : whole;
    }
  });
}

/** Index of the next `;` at or after `from`, or the end of the string when there is none. */
function argumentEnd(text: string, from: number): number {
  const end = text.indexOf(';', from);
  return end < 0 ? text.length : end;
}

/** `1/2`, `1^2` or `1#2` of a stacked fraction (`\S…;`) written flat as `1/2`. */
function flattenStack(argument: string): string {
  return argument.replace(/[\^#]/, '/').replace(/\\(.)/g, '$1');
}

/**
 * MTEXT contents as plain text: paragraph breaks (`\P`, `\N`, `\X`) become "\n", groups and formatting
 * codes disappear, escaped braces and backslashes and `\U+XXXX` characters are kept as characters.
 * One pass over the string; unknown codes lose their backslash and keep their letter.
 */
export function stripMText(text: string): string {
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i]!;
    if (ch === '{' || ch === '}') {
      i++;
      continue;
    }
    if (ch !== '\\' || i + 1 >= n) {
      out += ch;
      i++;
      continue;
    }
    const code = text[i + 1]!;
    i += 2;
    if (code === 'P' || code === 'N' || code === 'X') out += '\n';
    else if (code === '~') out += '\u00a0';
    else if (code === '\\' || code === '{' || code === '}') out += code;
    else if (SWITCHES.has(code)) continue;
    else if (CODES_WITH_ARGUMENT.has(code)) i = argumentEnd(text, i) + 1;
    else if (code === 'S') {
      const end = argumentEnd(text, i);
      out += flattenStack(text.slice(i, end));
      i = end + 1;
    } else if ((code === 'U' || code === 'u') && /^\+[0-9a-fA-F]{4}/.test(text.slice(i, i + 5))) {
      out += String.fromCodePoint(Number.parseInt(text.slice(i + 1, i + 5), 16));
      i += 5;
    } else if ((code === 'M' || code === 'm') && /^\+\d[0-9a-fA-F]{4}/.test(text.slice(i, i + 6))) {
      i += 6; // a double-byte code-page character: not representable without the code page
    } else out += code;
  }
  return decodePercentCodes(out);
}
