/** "Send to machine" from the drive (and the editor): a G-code file goes to one of my machines. */
export const deviceSendZhCN = {
  title: '发送到设备：{{name}}',
  pick: '选择设备',
  send: '发送',
  away: '设备离线，无法接收',
  none: '还没有可用的设备',
  activate: '激活设备',
  loading: '正在读取设备…',
  sendingTitle: '正在发送到 {{device}}',
  sentTitle: '已发送到 {{device}}',
  sentText: '设备下载并校验文件后，状态会变为“已接收”。可在设备详情的“发送的任务”中查看进度。',
  viewJob: '查看任务',
  close: '关闭',
};
