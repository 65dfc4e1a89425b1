import { useMemo } from 'react';
import { linkify } from '../model/linkify';

/** A message's text as text — never HTML — with its http(s) addresses as links opening a new tab. */
export function LinkifiedText({ text }: { text: string }) {
  const pieces = useMemo(() => linkify(text), [text]);
  return (
    <>
      {pieces.map((piece, index) =>
        piece.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces are positional and never reorder
          <a key={index} href={piece.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {piece.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces are positional and never reorder
          <span key={index}>{piece.text}</span>
        ),
      )}
    </>
  );
}
