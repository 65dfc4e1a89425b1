import type { FileContent } from '@kerf/contract';
import { createStore } from '../../../stores/create-store';

/**
 * One text file open in an editor (SPEC §4 "Code preview"): loaded from the server, edited, saved
 * only when modified and not read-only, with the server's last-writer check. It lives outside React
 * so the rules can be tested without a browser; the editor views render its state and report edits.
 */

/** Where the text comes from and, when editing is allowed, where it goes. */
export interface TextFileSource {
  load(): Promise<FileContent>;
  /** Absent when the caller may only read (a share, "view"). Resolves with the server's message. */
  save?(content: string, sha256: string): Promise<string>;
  /** SHA-256 (hex) of the UTF-8 bytes of a text: what the server stores and compares. */
  hash(text: string): Promise<string>;
}

export interface SaveConflict {
  /** The file's content hash on the server now. */
  sha256: string;
  /** The server's words (文件已被其他人修改…). */
  message: string;
}

export interface TextDocumentState {
  status: 'loading' | 'ready' | 'failed';
  /** Why the text could not be loaded, in the server's words. */
  loadError: string;
  fileName: string;
  extendName: string;
  /** The text as the server has it (as loaded, or as last saved). */
  original: string;
  /** The text in the editor. */
  text: string;
  /** The hash of `original`, sent back on save for the concurrent-edit check. */
  sha256: string;
  readOnly: boolean;
  saving: boolean;
  conflict: SaveConflict | null;
  /**
   * Counts replacements of the text from outside the editor (load, reload). A view that sees a new
   * revision takes `text` as its whole content; ordinary typing does not change it.
   */
  revision: number;
}

export type SaveOutcome =
  | { kind: 'saved'; message: string }
  | { kind: 'unchanged' }
  | { kind: 'readOnly' }
  | { kind: 'busy' }
  | { kind: 'conflict'; conflict: SaveConflict }
  | { kind: 'failed'; message: string; error: unknown };

export function isModified(state: Pick<TextDocumentState, 'text' | 'original' | 'status'>): boolean {
  return state.status === 'ready' && state.text !== state.original;
}

/** The line break a text uses, so the editor writes lines back the way they came. */
export function lineSeparatorOf(text: string): '\n' | '\r\n' | '\r' {
  const lf = text.indexOf('\n');
  if (lf > 0 && text[lf - 1] === '\r') return '\r\n';
  if (lf === -1 && text.includes('\r')) return '\r';
  return '\n';
}

/** A 409 from the save call: the file changed since it was opened. */
function conflictOf(error: unknown): SaveConflict | null {
  const e = error as { code?: unknown; status?: unknown; data?: unknown; serverMessage?: unknown; message?: unknown };
  if (e?.code !== 409 && e?.status !== 409) return null;
  const sha256 = (e.data as { sha256?: unknown } | undefined)?.sha256;
  if (typeof sha256 !== 'string') return null;
  const message = typeof e.serverMessage === 'string' && e.serverMessage ? e.serverMessage : String(e.message ?? '');
  return { sha256, message };
}

function errorText(error: unknown): string {
  const e = error as { serverMessage?: unknown; message?: unknown };
  if (typeof e?.serverMessage === 'string' && e.serverMessage) return e.serverMessage;
  return typeof e?.message === 'string' ? e.message : '';
}

export function createTextDocument(source: TextFileSource, options: { fileName: string; extendName: string }) {
  const store = createStore<TextDocumentState>({
    status: 'loading',
    loadError: '',
    fileName: options.fileName,
    extendName: options.extendName,
    original: '',
    text: '',
    sha256: '',
    readOnly: !source.save,
    saving: false,
    conflict: null,
    revision: 0,
  });
  const patch = (next: Partial<TextDocumentState>) => store.setState((prev) => ({ ...prev, ...next }));

  const take = (content: FileContent) =>
    patch({
      status: 'ready',
      loadError: '',
      fileName: content.fileName || store.getState().fileName,
      extendName: content.extendName ?? store.getState().extendName,
      original: content.text,
      text: content.text,
      sha256: content.sha256,
      conflict: null,
      revision: store.getState().revision + 1,
    });

  /** Saves `text` as replacing the version `expected`; the state follows what the server answered. */
  async function send(text: string, expected: string): Promise<SaveOutcome> {
    const save = source.save;
    if (!save) return { kind: 'readOnly' };
    patch({ saving: true });
    try {
      const [message, sha256] = await Promise.all([save(text, expected), source.hash(text)]);
      // typing may have gone on while the call was out: what was sent is what the server has now
      patch({ saving: false, original: text, sha256, conflict: null });
      return { kind: 'saved', message };
    } catch (error) {
      const conflict = conflictOf(error);
      if (conflict) {
        patch({ saving: false, conflict });
        return { kind: 'conflict', conflict };
      }
      patch({ saving: false });
      return { kind: 'failed', message: errorText(error), error };
    }
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,

    async load(): Promise<void> {
      patch({ status: 'loading', loadError: '' });
      try {
        take(await source.load());
      } catch (error) {
        patch({ status: 'failed', loadError: errorText(error) });
      }
    },

    /** The editor's text changed; ignored while read-only. */
    edit(text: string): void {
      const state = store.getState();
      if (state.readOnly || state.status !== 'ready' || text === state.text) return;
      patch({ text });
    },

    /** SPEC §4: saves only when modified and not read-only. */
    async save(): Promise<SaveOutcome> {
      const state = store.getState();
      if (state.readOnly) return { kind: 'readOnly' };
      if (state.saving) return { kind: 'busy' };
      if (state.conflict) return { kind: 'conflict', conflict: state.conflict };
      if (!isModified(state)) return { kind: 'unchanged' };
      return send(state.text, state.sha256);
    },

    /** After a conflict: keep my text, replacing the version now on the server (the caller confirmed). */
    async overwrite(): Promise<SaveOutcome> {
      const state = store.getState();
      if (state.readOnly) return { kind: 'readOnly' };
      if (!state.conflict) return { kind: 'unchanged' };
      if (state.saving) return { kind: 'busy' };
      return send(state.text, state.conflict.sha256);
    },

    /** Loads the version on the server, dropping my edits (after a conflict, or to start over). */
    async reload(): Promise<void> {
      try {
        take(await source.load());
      } catch (error) {
        patch({ status: 'failed', loadError: errorText(error) });
      }
    },
  };
}

export type TextDocument = ReturnType<typeof createTextDocument>;
