import type { DeviceInfo, Locale } from '@kerf/contract';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { isShownByClient, messageOf } from '../../../../api/request';
import { useSettings } from '../../../../stores/settings-store';
import type { Checked, FormField } from '../model/activation-request';

export interface SubmitOutcome {
  msg: string;
  device: DeviceInfo;
}

/**
 * A form of the activation page sent to its call: the values checked first by the contract's rules
 * (each problem shown on its field, nothing sent), then the call; a refusal the request client did not
 * already show is kept as `problem` for the panel to show beside the form.
 */
export function useCheckedSubmit<Values, Input, F extends FormField>(
  form: FormInstance<Values>,
  check: (values: Values, locale: Locale) => Checked<Input, F>,
  call: (input: Input) => Promise<SubmitOutcome>,
  onDone: (device: DeviceInfo) => void,
) {
  const locale = useSettings((s) => s.locale);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<SubmitOutcome | null>(null);

  const submit = async (values: Values) => {
    const checked = check(values, locale);
    if (!checked.ok) {
      form.setFields(checked.problems.map(({ field, message }) => ({ name: field as never, errors: [message] })));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await call(checked.value);
      setDone(answer);
      onDone(answer.device);
    } catch (error) {
      if (!isShownByClient(error)) setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return { submit, busy, problem, done, clearDone: () => setDone(null), clearProblem: () => setProblem(null) };
}
