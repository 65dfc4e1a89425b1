import { useState } from 'react';
import { messageOf } from '../../api/request';

/**
 * A form's submit: `submitting` while `action` runs, and the text of a refusal (`error`, for FormError)
 * until the next try or the next edit. `onRefused` runs after the text is set and before `submitting` ends.
 */
export function useFormSubmit<Values>(
  action: (values: Values) => Promise<void>,
  onRefused?: (failure: unknown) => Promise<void>,
) {
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  async function run(values: Values) {
    setError(undefined);
    setSubmitting(true);
    try {
      await action(values);
    } catch (failure) {
      setError(messageOf(failure));
      await onRefused?.(failure);
    } finally {
      setSubmitting(false);
    }
  }

  return {
    error,
    submitting,
    /** For `onFinish`. */
    submit: (values: Values) => void run(values),
    /** For `onValuesChange`: an edit hides the last refusal. */
    clearError: () => setError(undefined),
  };
}
