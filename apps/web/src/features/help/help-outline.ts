/** A second-level heading of a help document and the line it starts on (its anchor). */
export interface HelpSection {
  id: string;
  title: string;
}

export const sectionId = (line: number) => `help-section-${line}`;

/** The `## ` headings of a markdown document, for the page's table of contents. */
export function helpOutline(markdown: string): HelpSection[] {
  return markdown.split('\n').flatMap((text, index) => {
    const match = /^##\s+(.+?)\s*#*\s*$/.exec(text);
    return match ? [{ id: sectionId(index + 1), title: match[1]!.replace(/[*_`]/g, '') }] : [];
  });
}
