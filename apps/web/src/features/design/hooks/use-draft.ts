import type { KerfDocument } from '@kerf/laser';
import { parseDocument } from '@kerf/laser';
import { App } from 'antd';
import { createStore as createIdbStore, get, set } from 'idb-keyval';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Editor } from '../model/editor';
import type { HistorySnapshot } from '../model/store/history';
import { driveCopyStore } from '../save/drive-copy-store';
import type { DriveCopy } from '../save/drive-save';

/** What the tab keeps in IndexedDB after every change: the drawing and its undo history. */
export interface Draft {
  doc: KerfDocument;
  history: HistorySnapshot;
  /** The drive file the drawing belongs to, if any. */
  driveCopy?: DriveCopy | null;
  savedAt: number;
}

const DRAFT_KEY = 'current';
/** Writes wait for this pause in changes, so a drag's burst of steps is written once, ms. */
const WRITE_DELAY = 300;

let database: ReturnType<typeof createIdbStore> | null = null;
const draftStore = () => {
  database ??= createIdbStore('kerf-design', 'drafts');
  return database;
};

export async function readDraft(): Promise<Draft | undefined> {
  const draft = await get<Draft>(DRAFT_KEY, draftStore());
  if (!draft) return undefined;
  // a draft from an older version of Kerf goes through the same checks and migrations as a file
  return { ...draft, doc: parseDocument(draft.doc) };
}

export const writeDraft = (draft: Draft) => set(DRAFT_KEY, draft, draftStore());

/**
 * Brings back the last drawing of this browser (with its undo history) when the editor opens, and
 * keeps it after every change, so a reload or a crash loses nothing. Answers whether the draft has been
 * looked for: what is added to the drawing on opening (a plugin's result) waits for it, or the draft
 * would not come back under it.
 */
export function useDraft(editor: Editor, openingFile: boolean): boolean {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let restored = false;
    const write = () => {
      timer = undefined;
      void writeDraft({ doc: editor.doc, history: editor.store.history.snapshot(), savedAt: Date.now() }).catch(
        () => {},
      );
    };
    const later = () => {
      if (!restored) return;
      clearTimeout(timer);
      timer = setTimeout(write, WRITE_DELAY);
    };
    const off = editor.store.subscribe((next, previous) => {
      if (next.doc !== previous.doc) later();
    });
    const offCopy = driveCopyStore.subscribe(later);
    // a file being opened from the drive takes the place of the draft
    void (openingFile ? Promise.resolve(undefined) : readDraft())
      .then((draft) => {
        if (!alive) return;
        if (draft && draft.doc.shapes.length > 0 && editor.doc.shapes.length === 0) {
          editor.store.load(draft.doc, draft.history);
          driveCopyStore.setState(draft.driveCopy ?? null);
          void message.info(t('design.draft.restored'));
        }
      })
      .catch(() => {})
      .finally(() => {
        restored = true;
        if (alive) setSettled(true);
      });
    const flush = () => {
      if (timer) {
        clearTimeout(timer);
        write();
      }
    };
    window.addEventListener('pagehide', flush);
    return () => {
      alive = false;
      flush();
      off();
      offCopy();
      window.removeEventListener('pagehide', flush);
    };
  }, [editor, message, openingFile, t]);
  return settled;
}
