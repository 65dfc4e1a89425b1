import type { ClashChoice, NameClash } from '@kerf/contract';

/** One question for a person: a name taken where something goes, as part of one batch (an upload, a restore). */
export interface ClashQuestion {
  /** The upload's or the restore's batch: "apply to all" holds for the rest of it. */
  batch: string;
  clash: NameClash;
  /** What is on its way: `upload` a file, `restore` an entry from the bin. */
  purpose: 'upload' | 'restore';
}

export interface ClashAnswer {
  choice: ClashChoice;
  /** Do the same for every further clash of this batch without asking. */
  applyToAll: boolean;
}

/**
 * Asks about name clashes one at a time (a queue of uploads may meet several at once, and a person
 * answers one dialog at a time), and remembers an answer given "for all" for the rest of its batch,
 * as Cloudreve does.
 */
export function createClashResolver(ask: (question: ClashQuestion) => Promise<ClashAnswer>) {
  const forAll = new Map<string, ClashChoice>();
  let queue: Promise<unknown> = Promise.resolve();
  return {
    resolve(question: ClashQuestion): Promise<ClashChoice> {
      const answer = queue.then(async () => {
        const known = forAll.get(question.batch);
        if (known) return known;
        const { choice, applyToAll } = await ask(question);
        if (applyToAll) forAll.set(question.batch, choice);
        return choice;
      });
      queue = answer.catch(() => undefined);
      return answer;
    },
    /** The choice made for all of a batch, if one was. */
    rememberedFor(batch: string): ClashChoice | undefined {
      return forAll.get(batch);
    },
  };
}

export type ClashResolver = ReturnType<typeof createClashResolver>;

/** A restore's clashes grouped by the choice made for each (skipped ones need no call). */
export function groupByChoice<T>(items: readonly T[], choices: readonly ClashChoice[]) {
  const groups: Record<ClashChoice, T[]> = { replace: [], keepBoth: [], skip: [] };
  items.forEach((item, i) => {
    groups[choices[i]!].push(item);
  });
  return groups;
}

/** `part.dxf` → `part (1).dxf`, `docs` → `docs (1)`: how the server numbers a name kept beside another. */
export function numberedExample(name: string, isDir: boolean): string {
  const dot = name.lastIndexOf('.');
  if (isDir || dot <= 0 || dot === name.length - 1) return `${name} (1)`;
  return `${name.slice(0, dot)} (1)${name.slice(dot)}`;
}
