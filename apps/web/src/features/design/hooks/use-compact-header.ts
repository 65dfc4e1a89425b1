import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';

/**
 * How far the header gives up its buttons' labels to fit: `none`; `file` (the file group's buttons —
 * new, save, recent, import, plugins — show their icons only); `all` (every labelled button does).
 */
export type HeaderCompaction = 'none' | 'file' | 'all';

export const COMPACT_CLASSES: Record<HeaderCompaction, string> = {
  none: '',
  file: 'design-header--compact-file',
  all: 'design-header--compact-file design-header--compact',
};

const LEVELS: readonly HeaderCompaction[] = ['none', 'file', 'all'];
const ALL_CLASSES = ['design-header--compact-file', 'design-header--compact'];

/**
 * The least compaction with which the header fits (a laptop screen in English needs some), measured
 * after every render (a language switch changes the labels' widths) and whenever the header is resized.
 */
export function useCompactHeader(ref: RefObject<HTMLElement | null>): HeaderCompaction {
  const [compaction, setCompaction] = useState<HeaderCompaction>('none');
  const measure = () => {
    const header = ref.current;
    if (!header) return;
    const shown = ALL_CLASSES.filter((c) => header.classList.contains(c));
    let fitting: HeaderCompaction = 'all';
    for (const level of LEVELS) {
      header.classList.remove(...ALL_CLASSES);
      if (COMPACT_CLASSES[level]) header.classList.add(...COMPACT_CLASSES[level].split(' '));
      if (header.scrollWidth <= header.clientWidth) {
        fitting = level;
        break;
      }
    }
    // React owns the class names: put back what it rendered, then let it render the answer
    header.classList.remove(...ALL_CLASSES);
    if (shown.length) header.classList.add(...shown);
    setCompaction(fitting);
  };
  useLayoutEffect(measure);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the observer measures the same header for the page's life
  useEffect(() => {
    const header = ref.current;
    if (!header || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, [ref]);
  return compaction;
}
