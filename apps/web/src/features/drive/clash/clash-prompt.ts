import { createStore, useStore } from '../../../stores/create-store';
import { type ClashAnswer, type ClashQuestion, createClashResolver } from '../model/clash-resolver';

interface Pending {
  question: ClashQuestion;
  answer(answer: ClashAnswer): void;
}

const prompt = createStore<{ pending: Pending | null }>({ pending: null });

/** Shows the question in the clash dialog and waits for the person's answer. */
function askPerson(question: ClashQuestion): Promise<ClashAnswer> {
  return new Promise((resolve) => {
    prompt.setState({
      pending: {
        question,
        answer: (answer) => {
          prompt.setState({ pending: null });
          resolve(answer);
        },
      },
    });
  });
}

/**
 * The page's one clash resolver: the upload queue (outside React) and the restore both ask through it,
 * so two questions never show at once and "apply to all" holds for the rest of a batch.
 */
export const clashResolver = createClashResolver(askPerson);

/** The question the dialog shows now, if any. */
export function usePendingClash(): Pending | null {
  return useStore(prompt, (state) => state.pending);
}
