import type { DriveEntry, SearchEntry } from '../../../api/drive-api';
import { highlightParts } from '../model/highlight';

/** A name as text, with search matches in <mark> (never HTML from the server). */
export function EntryName({ entry }: { entry: DriveEntry | SearchEntry }) {
  const ranges = 'highlightFields' in entry ? entry.highlightFields?.fileName : undefined;
  if (!ranges?.length) return <>{entry.fileName}</>;
  return (
    <>
      {highlightParts(entry.fileName, ranges).map((part, i) =>
        part.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one name never reorder
          <mark key={i}>{part.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one name never reorder
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
