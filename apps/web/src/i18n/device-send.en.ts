import type { deviceSendZhCN } from './device-send.zh-CN';

/** English texts of "send to machine"; same keys as device-send.zh-CN.ts. */
export const deviceSendEn: typeof deviceSendZhCN = {
  title: 'Send to machine: {{name}}',
  pick: 'Choose a machine',
  send: 'Send',
  away: 'Offline: cannot take a job',
  none: 'You have no machines yet',
  activate: 'Activate a machine',
  loading: 'Reading your machines…',
  sendingTitle: 'Sending to {{device}}',
  sentTitle: 'Sent to {{device}}',
  sentText:
    'Once the machine has downloaded and checked the file, the job shows “received”. Follow it under “Jobs sent” on the machine’s page.',
  viewJob: 'View the job',
  close: 'Close',
};
