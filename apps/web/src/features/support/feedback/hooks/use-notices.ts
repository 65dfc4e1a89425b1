import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listNotices, markNoticesRead, unreadNotices } from '../../../../api/feedback-api';
import { countAfterReading } from '../model/notices';

export const NOTICE_KEYS = {
  unread: ['notices', 'unread'] as const,
  list: ['notices', 'list'] as const,
};

/** The newest messages the bell shows. */
export const NOTICE_LIST_SIZE = 10;
/** How often the bell asks for new messages while the page is open. */
const UNREAD_EVERY_MS = 60_000;

/** How many of my messages are unread: on load, on returning to the tab, and every minute. */
export function useUnreadNotices(enabled: boolean) {
  return useQuery({
    queryKey: NOTICE_KEYS.unread,
    queryFn: unreadNotices,
    enabled,
    refetchInterval: enabled ? UNREAD_EVERY_MS : false,
    refetchOnWindowFocus: true,
  });
}

export function useNoticeList(enabled: boolean) {
  return useQuery({
    queryKey: NOTICE_KEYS.list,
    queryFn: () => listNotices(1, NOTICE_LIST_SIZE),
    enabled,
  });
}

/**
 * Marks messages read. The count drops at once; the list keeps showing which were new until it is
 * next asked for (the bell asks again when it closes), so a person sees what just arrived.
 */
export function useMarkNoticesRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => markNoticesRead(ids),
    onSuccess: (marked) => {
      client.setQueryData<number>(NOTICE_KEYS.unread, (count) => countAfterReading(count, marked));
    },
  });
}
