import type { DeviceCodeKind } from '@kerf/contract';
import type { FormRule } from 'antd';
import { useMemo } from 'react';
import { useSettings } from '../../../../stores/settings-store';
import { type DetailField, detailProblem } from '../model/activation-request';
import { codeProblem } from '../model/code-fields';

/** Form rules that are the contract's rules, in the reader's language (one source for form and server). */
export function useFieldRules() {
  const locale = useSettings((s) => s.locale);
  return useMemo(
    () => ({
      code: (kind: DeviceCodeKind): FormRule[] => [
        {
          validator: async (_, value: string | undefined) => {
            const problem = codeProblem(kind, value, locale);
            if (problem) throw new Error(problem);
          },
        },
      ],
      detail: (field: DetailField): FormRule[] => [
        {
          validator: async (_, value: unknown) => {
            const problem = detailProblem(field, value, locale);
            if (problem) throw new Error(problem);
          },
        },
      ],
    }),
    [locale],
  );
}
