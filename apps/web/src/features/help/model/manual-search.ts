import MiniSearch from 'minisearch';
import { type ManualChapter, plainText } from './manual-chapter';

/** A place in the manual that matches a search. */
export interface ManualHit {
  chapter: string;
  chapterTitle: string;
  /** The section's anchor; none for a chapter's introduction. */
  sectionId?: string;
  title: string;
  /** Some words around the first match, for the result list. */
  snippet: string;
  /** The words of the query as found in the text, to mark in the title and the snippet. */
  terms: string[];
}

interface Entry {
  id: string;
  chapter: string;
  chapterTitle: string;
  sectionId?: string;
  title: string;
  text: string;
}

const SNIPPET_BEFORE = 24;
const SNIPPET_LENGTH = 96;

/**
 * Words of a text for the index and for queries. Chinese has no spaces between words, so the
 * browser's own word segmenter (Intl.Segmenter, with its dictionary) cuts it; Latin text is cut at
 * spaces and marks as usual.
 */
export function manualWords(text: string, locale: string): string[] {
  const segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
  const words: string[] = [];
  for (const part of segmenter.segment(text)) if (part.isWordLike) words.push(part.segment.toLowerCase());
  return words;
}

/** The manual of one language, searchable by section: titles weigh more than the text. */
export function buildManualSearch(chapters: ManualChapter[], locale: string) {
  const entries: Entry[] = chapters.flatMap((chapter) => [
    {
      id: chapter.slug,
      chapter: chapter.slug,
      chapterTitle: chapter.title,
      title: chapter.title,
      text: plainText(chapter.intro),
    },
    ...chapter.sections.map((section) => ({
      id: `${chapter.slug}#${section.id}`,
      chapter: chapter.slug,
      chapterTitle: chapter.title,
      sectionId: section.id,
      title: section.title,
      text: plainText(section.markdown),
    })),
  ]);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const index = new MiniSearch<Entry>({
    fields: ['title', 'text'],
    tokenize: (text) => manualWords(text, locale),
    searchOptions: {
      boost: { title: 3 },
      prefix: true,
      // a typo in a longer English word still finds it; Chinese words are too short for that
      fuzzy: (term) => (term.length > 4 && /^[a-z]+$/.test(term) ? 0.2 : false),
      combineWith: 'AND',
    },
  });
  index.addAll(entries);

  return (query: string, limit = 20): ManualHit[] => {
    if (!query.trim()) return [];
    return index
      .search(query)
      .slice(0, limit)
      .flatMap((result) => {
        const entry = byId.get(String(result.id));
        if (!entry) return [];
        const terms = [...new Set(result.terms)];
        return [
          {
            chapter: entry.chapter,
            chapterTitle: entry.chapterTitle,
            sectionId: entry.sectionId,
            title: entry.title,
            snippet: snippetAround(entry.text, terms),
            terms,
          },
        ];
      });
  };
}

/** A stretch of `text` around the first of `terms` it holds (its start when none is found). */
export function snippetAround(text: string, terms: string[]): string {
  const lower = text.toLowerCase();
  const found = terms.map((term) => lower.indexOf(term)).filter((at) => at >= 0);
  const first = found.length ? Math.min(...found) : 0;
  const start = Math.max(0, first - SNIPPET_BEFORE);
  const end = Math.min(text.length, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/** `text` cut into pieces, each marked when it is one of `terms` (case-insensitive), for highlighting. */
export function markTerms(text: string, terms: string[]): Array<{ text: string; marked: boolean }> {
  const wanted = terms.filter(Boolean).sort((a, b) => b.length - a.length);
  if (!wanted.length) return [{ text, marked: false }];
  const pattern = new RegExp(`(${wanted.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  const pieces: Array<{ text: string; marked: boolean }> = [];
  for (const piece of text.split(pattern)) {
    if (piece === '') continue;
    const marked = wanted.some((t) => t.toLowerCase() === piece.toLowerCase());
    const last = pieces.at(-1);
    // a Chinese word the segmenter cut in two (回收 + 站) is marked as one
    if (last && last.marked === marked) last.text += piece;
    else pieces.push({ text: piece, marked });
  }
  return pieces;
}
