import type { Patch } from 'immer';

/** One undoable step: the document patches both ways and the selection on either side of it. */
export interface HistoryEntry {
  label: string;
  patches: Patch[];
  inverse: Patch[];
  selectionBefore: readonly string[];
  selectionAfter: readonly string[];
}

/** Steps kept for undo (the issue asks for at least 200). */
export const HISTORY_LIMIT = 500;

export interface HistorySnapshot {
  done: HistoryEntry[];
  undone: HistoryEntry[];
}

/** The undo and redo stacks. Entries are plain data, so a draft can store them and bring them back. */
export class History {
  private done: HistoryEntry[];
  private undone: HistoryEntry[];

  constructor(
    snapshot: HistorySnapshot = { done: [], undone: [] },
    readonly limit = HISTORY_LIMIT,
  ) {
    this.done = snapshot.done.slice(-limit);
    this.undone = snapshot.undone.slice(-limit);
  }

  /** Starts again from `snapshot` (a document opened, or a draft brought back with its history). */
  reset(snapshot: HistorySnapshot = { done: [], undone: [] }) {
    this.done = snapshot.done.slice(-this.limit);
    this.undone = snapshot.undone.slice(-this.limit);
  }

  push(entry: HistoryEntry) {
    this.done.push(entry);
    if (this.done.length > this.limit) this.done.splice(0, this.done.length - this.limit);
    this.undone = [];
  }

  /** The step to undo, moved to the redo stack. */
  takeUndo(): HistoryEntry | undefined {
    const entry = this.done.pop();
    if (entry) this.undone.push(entry);
    return entry;
  }

  /** The step to redo, moved back to the undo stack. */
  takeRedo(): HistoryEntry | undefined {
    const entry = this.undone.pop();
    if (entry) this.done.push(entry);
    return entry;
  }

  get canUndo() {
    return this.done.length > 0;
  }

  get canRedo() {
    return this.undone.length > 0;
  }

  get undoLabel(): string | undefined {
    return this.done.at(-1)?.label;
  }

  get redoLabel(): string | undefined {
    return this.undone.at(-1)?.label;
  }

  get size() {
    return this.done.length;
  }

  snapshot(): HistorySnapshot {
    return { done: [...this.done], undone: [...this.undone] };
  }
}
