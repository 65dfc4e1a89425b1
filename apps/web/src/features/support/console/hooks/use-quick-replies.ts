import { useQuery } from '@tanstack/react-query';
import { fetchQuickReplies } from '../../../../api/support-api';

export const QUICK_REPLIES_KEY = ['support', 'quick-replies'] as const;

/** The shared quick replies, in their order. */
export function useQuickReplies() {
  return useQuery({
    queryKey: QUICK_REPLIES_KEY,
    queryFn: fetchQuickReplies,
    select: (list) => [...list].sort((a, b) => a.orderNum - b.orderNum || a.title.localeCompare(b.title)),
  });
}
