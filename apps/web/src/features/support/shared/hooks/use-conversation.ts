import { type Locale, supportMessages } from '@kerf/contract';
import { App } from 'antd';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useSettings } from '../../../../stores/settings-store';
import { attachmentKind, attachmentProblem } from '../model/attachment-rules';
import type { ConversationSnapshot, ConversationStore } from '../model/conversation-store';

/** The store's snapshot, re-rendering when it changes. */
export function useConversationSnapshot(store: ConversationStore): ConversationSnapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

export type SupportMessageKey = keyof typeof supportMessages;

export function supportText(key: SupportMessageKey, locale: Locale): string {
  return supportMessages[key][locale];
}

/** A rule or notice of the chat from @kerf/contract, in the page's language. */
export function useSupportText(): (key: SupportMessageKey) => string {
  const locale = useSettings((s) => s.locale);
  return useCallback((key: SupportMessageKey) => supportText(key, locale), [locale]);
}

export type SendFile = (file: Blob, name: string, kind: 'image' | 'file', previewUrl?: string) => unknown;

/**
 * Checks picked, pasted or dropped files against SUPPORT_LIMITS before anything is sent (the
 * contract's words for what is refused), then sends each: pictures with a local preview.
 */
export function useAttachmentSender(send: SendFile): (files: readonly File[]) => void {
  const { message } = App.useApp();
  const text = useSupportText();
  return useMemo(
    () => (files: readonly File[]) => {
      for (const file of files) {
        const problem = attachmentProblem(file);
        if (problem) {
          void message.error(text(problem));
          continue;
        }
        const kind = attachmentKind(file);
        const preview =
          kind === 'image' && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined;
        send(file, file.name || (kind === 'image' ? 'image.png' : 'file'), kind, preview);
      }
    },
    [message, send, text],
  );
}
