import { decodeUnicodeEscapes } from './reader.js';

/**
 * Plain text from MTEXT's inline formatting. Paragraph breaks (`\P`) become "\n", stacked fractions
 * (`\Sa^b;`) become "a/b", escaped characters (`\\ \{ \}`) stay, and every other code — font, height,
 * colour, tracking, alignment (`\f…; \H…; \C…;` and the like) and the one-letter toggles (`\L \O \K`…)
 * — is dropped together with the grouping braces. One pass, no recursion: brace depth does not matter.
 */
export function plainMText(raw: string): string {
  const s = decodeUnicodeEscapes(raw);
  let out = '';
  let i = 0;
  const n = s.length;
  while (i < n) {
    const c = s[i]!;
    if (c === '{' || c === '}') {
      i++;
      continue;
    }
    if (c !== '\\' || i + 1 >= n) {
      out += c;
      i++;
      continue;
    }
    const code = s[i + 1]!;
    i += 2;
    switch (code) {
      case 'P':
      case 'X':
        out += '\n';
        break;
      case '~':
        out += '\u00a0';
        break;
      case '\\':
      case '{':
      case '}':
        out += code;
        break;
      case 'S': {
        const end = s.indexOf(';', i);
        const body = end < 0 ? s.slice(i) : s.slice(i, end);
        out += body.replace(/[\^#]/g, '/').replace(/\\(.)/g, '$1');
        i = end < 0 ? n : end + 1;
        break;
      }
      case 'f':
      case 'F':
      case 'H':
      case 'W':
      case 'Q':
      case 'T':
      case 'A':
      case 'C':
      case 'c':
      case 'p': {
        const end = s.indexOf(';', i);
        i = end < 0 ? n : end + 1;
        break;
      }
      default:
        // One-letter toggles (\L \l \O \o \K \k \N) and unknown codes carry no text.
        break;
    }
  }
  return percentCodes(out);
}

/** TEXT (and ATTRIB) as plain text: `\U+XXXX` characters and the `%%` control codes decoded. */
export function plainText(raw: string): string {
  return percentCodes(decodeUnicodeEscapes(raw));
}

/** The control codes TEXT and MTEXT share: %%d degree, %%p plus-minus, %%c diameter, %%nnn character, %%u/%%o toggles. */
export function percentCodes(s: string): string {
  if (s.indexOf('%%') < 0) return s;
  return s.replace(/%%(\d{3}|.)/g, (_, code: string) => {
    if (code.length === 3) return String.fromCharCode(Number(code));
    switch (code.toLowerCase()) {
      case 'd':
        return '°';
      case 'p':
        return '±';
      case 'c':
        return '⌀';
      case '%':
        return '%';
      default:
        return '';
    }
  });
}
