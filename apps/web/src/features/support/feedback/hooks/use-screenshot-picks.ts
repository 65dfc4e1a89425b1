import { useEffect, useRef, useState } from 'react';
import { addScreenshots, type FeedbackMessageKey } from '../model/feedback-form';

export interface PickedScreenshot {
  key: string;
  file: File;
  /** A local address of the picture for its thumbnail. */
  preview: string;
}

let nextKey = 0;

/**
 * The screenshots chosen for a feedback: added from the picker, a drop or a paste under the rules
 * (answering the ones broken), removed one by one, and their local previews released when they go.
 */
export function useScreenshotPicks() {
  const [picks, setPicks] = useState<PickedScreenshot[]>([]);
  const current = useRef(picks);
  current.current = picks;

  useEffect(
    () => () => {
      for (const pick of current.current) URL.revokeObjectURL(pick.preview);
    },
    [],
  );

  const add = (files: readonly File[]): FeedbackMessageKey[] => {
    const { added, problems } = addScreenshots(current.current.length, files);
    if (added.length) {
      const next = [
        ...current.current,
        ...added.map((file) => ({ key: `shot-${++nextKey}`, file, preview: URL.createObjectURL(file) })),
      ];
      current.current = next;
      setPicks(next);
    }
    return problems;
  };

  const remove = (key: string) => {
    const gone = current.current.find((pick) => pick.key === key);
    if (gone) URL.revokeObjectURL(gone.preview);
    const next = current.current.filter((pick) => pick.key !== key);
    current.current = next;
    setPicks(next);
  };

  const clear = () => {
    for (const pick of current.current) URL.revokeObjectURL(pick.preview);
    current.current = [];
    setPicks([]);
  };

  return { picks, add, remove, clear };
}
