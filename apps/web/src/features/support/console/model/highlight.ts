export interface HighlightPiece {
  text: string;
  match: boolean;
}

/** A hit's text cut around what was searched for (any case), to mark it — as text, never HTML. */
export function highlightPieces(text: string, q: string): HighlightPiece[] {
  const needle = q.trim().toLowerCase();
  if (!needle) return text ? [{ text, match: false }] : [];
  const lower = text.toLowerCase();
  const pieces: HighlightPiece[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) pieces.push({ text: text.slice(from, at), match: false });
    pieces.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) pieces.push({ text: text.slice(from), match: false });
  return pieces;
}
