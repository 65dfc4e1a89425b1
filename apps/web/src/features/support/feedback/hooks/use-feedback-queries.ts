import type { FeedbackStatus } from '@kerf/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Feedback,
  getFeedback,
  listFeedback,
  myFeedback,
  replyToFeedback,
  setFeedbackStatus,
  submitFeedback,
  type TriageQuery,
} from '../../../../api/feedback-api';

export const FEEDBACK_KEYS = {
  all: ['feedback'] as const,
  mine: (page: number) => ['feedback', 'mine', page] as const,
  one: (id: string) => ['feedback', 'one', id] as const,
  triage: (query: TriageQuery, page: number, limit: number) => ['feedback', 'triage', query, page, limit] as const,
};

export const MY_FEEDBACK_PAGE_SIZE = 10;

/** My feedback, newest first (signed in only). */
export function useMyFeedback(page: number, enabled: boolean) {
  return useQuery({
    queryKey: FEEDBACK_KEYS.mine(page),
    queryFn: () => myFeedback(page, MY_FEEDBACK_PAGE_SIZE),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Everyone's feedback as staff search it. */
export function useTriageList(query: TriageQuery, page: number, limit: number) {
  return useQuery({
    queryKey: FEEDBACK_KEYS.triage(query, page, limit),
    queryFn: () => listFeedback(query, page, limit),
    placeholderData: keepPreviousData,
  });
}

/** One feedback with its screenshots and replies, kept fresh while a drawer shows it. */
export function useFeedback(id: string | null) {
  return useQuery({
    queryKey: FEEDBACK_KEYS.one(id ?? ''),
    queryFn: () => getFeedback(id!),
    enabled: Boolean(id),
  });
}

/** After a change: the one changed answers at once, the lists are asked again. */
function useSettle() {
  const client = useQueryClient();
  return (feedback: Feedback) => {
    client.setQueryData(FEEDBACK_KEYS.one(feedback.id), feedback);
    void client.invalidateQueries({ queryKey: FEEDBACK_KEYS.all });
  };
}

export function useSubmitFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitFeedback,
    onSuccess: () => void client.invalidateQueries({ queryKey: FEEDBACK_KEYS.all }),
  });
}

export function useReplyToFeedback() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, text, status }: { id: string; text: string; status?: FeedbackStatus }) =>
      replyToFeedback(id, text, status),
    onSuccess: ({ feedback }) => settle(feedback),
  });
}

export function useSetFeedbackStatus() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: FeedbackStatus }) => setFeedbackStatus(id, status),
    onSuccess: ({ feedback }) => settle(feedback),
  });
}
