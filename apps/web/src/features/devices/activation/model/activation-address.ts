import type { DeviceInfo } from '@kerf/contract';
import { canonicalCode } from './code-fields';

/** SPEC §2 /activate: three children, one page; the tab is the last segment of the path. */
export const ACTIVATION_TABS = ['query', 'bind', 'change'] as const;
export type ActivationTab = (typeof ACTIVATION_TABS)[number];

export function tabOfPath(pathname: string): ActivationTab {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return ACTIVATION_TABS.find((tab) => tab === last) ?? 'query';
}

/**
 * The address parameters that prefill the forms. `code` is the one a label's QR link carries
 * (`…/web/activate?code={machine code}`); the board codes only travel from a query result to the
 * activation form, which needs the board that is fitted.
 */
export const PREFILL_PARAMS = { machineCode: 'code', boardModel: 'boardModel', boardSerial: 'boardSerial' } as const;

export interface CodePrefill {
  machineCode: string;
  boardModel: string;
  boardSerial: string;
}

export function prefillOf(params: URLSearchParams): CodePrefill {
  return {
    machineCode: canonicalCode('machineCode', params.get(PREFILL_PARAMS.machineCode)),
    boardModel: canonicalCode('boardModel', params.get(PREFILL_PARAMS.boardModel)),
    boardSerial: canonicalCode('boardSerial', params.get(PREFILL_PARAMS.boardSerial)),
  };
}

/**
 * The address of a tab. Switching tabs keeps the machine code and nothing else: the board codes of a
 * query are the board fitted now, which the replacement form must not offer as the new one.
 */
export function tabAddress(tab: ActivationTab, prefill: Partial<CodePrefill> = {}): string {
  const params = new URLSearchParams();
  for (const key of ['machineCode', 'boardModel', 'boardSerial'] as const) {
    const value = prefill[key]?.trim();
    if (value) params.set(PREFILL_PARAMS[key], value);
  }
  const search = params.toString();
  return `/activate/${tab}${search ? `?${search}` : ''}`;
}

/** From a query result to the activation form, with the machine's codes already in it. */
export function activationAddressOf(device: Pick<DeviceInfo, 'machineCode' | 'boardModel' | 'boardSerial'>): string {
  return tabAddress('bind', device);
}

export function deviceDetailAddress(id: string): string {
  return `/device/detail?id=${encodeURIComponent(id)}`;
}

/**
 * What a found machine offers next: one that nobody holds can be activated (again, after an unbind);
 * one bound to me can be opened or have its motherboard replaced; one bound to someone else, nothing.
 */
export function nextStepsOf(
  device: Pick<DeviceInfo, 'bindingState' | 'binding'>,
): Array<'activate' | 'detail' | 'change'> {
  if (device.bindingState === 'unbound') return ['activate'];
  return device.binding === 'mine' ? ['detail', 'change'] : [];
}
