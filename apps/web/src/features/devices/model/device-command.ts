import {
  DEVICE_COMMAND_FINAL_STATES,
  type DeviceCommand,
  type DeviceCommandState,
  deviceMessages,
  type Locale,
} from '@kerf/contract';

/** How a command's state looks in a tag (Ant Design status colours). */
export const COMMAND_TONE: Record<DeviceCommandState, 'default' | 'processing' | 'success' | 'error' | 'warning'> = {
  queued: 'default',
  sent: 'processing',
  delivered: 'processing',
  succeeded: 'success',
  failed: 'error',
  timedOut: 'warning',
  expired: 'default',
};

export function isFinalCommandState(state: DeviceCommandState): boolean {
  return DEVICE_COMMAND_FINAL_STATES.includes(state);
}

/** Whether some command is still on its way: then the history is worth reading again until it ends. */
export function hasPendingCommand(commands: readonly Pick<DeviceCommand, 'state'>[]): boolean {
  return commands.some((command) => !isFinalCommandState(command.state));
}

/** What a command carried, in a word: the power limit's percent; nothing for the others. */
export function commandParamsText(command: Pick<DeviceCommand, 'kind' | 'params'>): string {
  if (command.kind !== 'setPowerLimit') return '';
  const percent = command.params.percent;
  return typeof percent === 'number' && Number.isFinite(percent) ? `${percent}%` : '';
}

/**
 * A command's message in the reader's language when it is one of the cloud's own (the refusal of a
 * command to an offline machine is stored in English); a machine's own words (`interlock open`) as sent.
 */
export function commandMessageText(message: string, locale: Locale): string {
  const text = message.trim();
  if (!text) return '';
  for (const bilingual of Object.values(deviceMessages)) {
    if (bilingual.en === text || bilingual['zh-CN'] === text) return bilingual[locale];
  }
  return text;
}
