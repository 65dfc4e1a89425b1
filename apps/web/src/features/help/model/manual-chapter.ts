/** A `##` section of a manual chapter: its anchor, title and markdown body. */
export interface ManualSection {
  id: string;
  title: string;
  /** The section's markdown, its `###` sub-sections included, without its own heading. */
  markdown: string;
}

/** One chapter of the manual in one language, read from its markdown file. */
export interface ManualChapter {
  /** The file's name without `.md` (`02-drive`): the chapter's address, `/help/02-drive`. */
  slug: string;
  title: string;
  /** The text between the title and the first section. */
  intro: string;
  sections: ManualSection[];
  /**
   * The chapter as shown: the file with the `{#id}` marks taken off the headings, line for line the
   * same, so that `headingIds` finds a heading's anchor by its line.
   */
  markdown: string;
  /** Anchor of the `##` heading on each line (1-based, as markdown parsers count). */
  headingIds: Map<number, string>;
}

const TITLE = /^#\s+(.+?)\s*$/;
const SECTION = /^##\s+(.+?)\s*\{#([a-z0-9-]+)\}\s*$/;
const SECTION_WITHOUT_ID = /^##\s/;

/**
 * Reads a chapter file: `# Title`, an intro, then `## Section {#id}` headings. A section heading
 * without an id is refused, since every section must be linkable and its link the same in both
 * languages.
 */
export function parseChapter(slug: string, file: string): ManualChapter {
  let title = '';
  const intro: string[] = [];
  const sections: Array<{ id: string; title: string; body: string[] }> = [];
  const headingIds = new Map<number, string>();
  const shown: string[] = [];
  let inFence = false;
  for (const [index, line] of file.replace(/\r\n?/g, '\n').split('\n').entries()) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const section = inFence ? null : SECTION.exec(line);
    if (section) {
      const heading = section[1]!;
      const id = section[2]!;
      if (sections.some((s) => s.id === id)) throw new Error(`manual ${slug}: the section id "${id}" is used twice`);
      headingIds.set(index + 1, id);
      sections.push({ id, title: plainText(heading), body: [] });
      shown.push(`## ${heading}`);
      continue;
    }
    if (!inFence && SECTION_WITHOUT_ID.test(line)) {
      throw new Error(`manual ${slug}, line ${index + 1}: a section heading needs an id, as in "## Title {#id}"`);
    }
    shown.push(line);
    const heading = inFence || title ? null : TITLE.exec(line);
    if (heading) title = plainText(heading[1]!);
    else (sections.at(-1)?.body ?? intro).push(line);
  }
  if (!title) throw new Error(`manual ${slug}: the chapter has no "# Title" line`);
  return {
    slug,
    title,
    intro: intro.join('\n').trim(),
    sections: sections.map(({ id, title: sectionTitle, body }) => ({
      id,
      title: sectionTitle,
      markdown: body.join('\n').trim(),
    })),
    markdown: shown.join('\n'),
    headingIds,
  };
}

/** Markdown reduced to its words: no marks, links as their text, pictures as their description. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^\s*[-*+]\s+/gm, '')
    .replace(/^\s*\d+\.\s+/gm, '')
    .replace(/[*_`>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
