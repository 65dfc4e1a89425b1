export type TextPiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// http(s) addresses and bare www. ones; nothing else becomes a link (no javascript:, data:, mailto:)
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"'\u3000-\u303f\uff00-\uffef]+/gi;
/** Punctuation that usually ends the sentence, not the address. */
const TRAILING = /[.,;:!?)\]}>'"’”]+$/;

/**
 * A message's text cut into plain text and links, to be rendered as React text nodes and anchors —
 * never as HTML. A link's address is always http or https.
 */
export function linkify(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    let found = match[0];
    const start = match.index ?? 0;
    const trailing = found.match(TRAILING)?.[0] ?? '';
    if (trailing) found = found.slice(0, found.length - trailing.length);
    if (!found || /^(https?:\/\/|www\.)$/i.test(found)) continue;
    const href = /^https?:\/\//i.test(found) ? found : `https://${found}`;
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    if (start > last) pieces.push({ kind: 'text', text: text.slice(last, start) });
    pieces.push({ kind: 'link', text: found, href: url.href });
    last = start + found.length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}
