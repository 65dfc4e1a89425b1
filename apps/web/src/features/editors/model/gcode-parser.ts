import type { StreamParser, StringStream } from '@codemirror/language';

/**
 * A small highlighter for G-code, the language laser and CNC controllers run (.gcode, .nc): motion and
 * mode words (G), machine words (M), tool (T) and line numbers (N) stand out; axis and parameter letters
 * (X Y Z I J K F S P…) are told apart from their values; comments `; …` and `( … )`, the program mark
 * `%`, variables `#100` and `[expressions]` are recognised. Tokens use the classic stream names, which
 * every theme colours.
 */
interface GcodeState {
  /** Inside `( … )` that did not close on the same line (some controllers allow it). */
  inComment: boolean;
  /** Just after an address letter: a sign that follows belongs to its value (`Y-3`). */
  afterLetter: boolean;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)/;

export const gcodeParser: StreamParser<GcodeState> = {
  name: 'gcode',
  startState: () => ({ inComment: false, afterLetter: false }),
  copyState: (state) => ({ ...state }),
  token(stream: StringStream, state: GcodeState): string | null {
    if (state.inComment) {
      if (stream.skipTo(')')) {
        stream.next();
        state.inComment = false;
      } else {
        stream.skipToEnd();
      }
      return 'comment';
    }
    const afterLetter = state.afterLetter;
    state.afterLetter = false;
    if (stream.eatSpace()) return null;
    if (afterLetter && stream.match(NUMBER)) return 'number';
    const ch = stream.next();
    if (ch === undefined) return null;
    if (ch === ';') {
      stream.skipToEnd();
      return 'comment';
    }
    if (ch === '(') {
      if (stream.skipTo(')')) stream.next();
      else {
        stream.skipToEnd();
        state.inComment = true;
      }
      return 'comment';
    }
    if (ch === '%') return 'meta';
    if (ch === '#') {
      stream.eatWhile(/[\w]/);
      return 'variableName';
    }
    if (ch === '[' || ch === ']') return 'bracket';
    if (/[-+*/=<>]/.test(ch)) return 'operator';
    const letter = ch.toUpperCase();
    if (/[A-Z]/.test(letter)) {
      // a word: a letter and its number, e.g. G01, M3, N120, X12.5
      if (letter === 'G' || letter === 'M' || letter === 'N' || letter === 'T') {
        if (stream.match(NUMBER)) {
          if (letter === 'G') return 'keyword';
          if (letter === 'M') return 'builtin';
          if (letter === 'N') return 'meta';
          return 'atom';
        }
      }
      if (/[A-Z]/i.test(stream.peek() ?? '')) {
        // a named function or keyword inside expressions (SIN, ATAN, IF, GOTO…)
        stream.eatWhile(/[A-Za-z]/);
        return 'keyword';
      }
      state.afterLetter = true;
      return 'propertyName';
    }
    if (NUMBER.test(ch + stream.string.slice(stream.pos))) {
      stream.backUp(1);
      stream.match(NUMBER);
      return 'number';
    }
    return null;
  },
  languageData: { commentTokens: { line: ';', block: { open: '(', close: ')' } } },
};
