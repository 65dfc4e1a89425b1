/** A message in both of Kerf's languages (zh-CN is the SPEC's wording). */
export interface Bilingual {
  'zh-CN': string;
  en: string;
}

/** The largest drawing or picture Kerf imports (SPEC §5: attachments and BMP at most 50 MB). */
export const MAX_DRAWING_BYTES = 50 * 1024 * 1024;

export const LASER_MESSAGES = {
  formatError: { 'zh-CN': '格式错误', en: 'Invalid format' },
  tooLarge: { 'zh-CN': '文件大小不能超过 50 MB', en: 'The file must not be larger than 50 MB' },
  arrayCountsRequired: { 'zh-CN': '阵列行数和列数不能为空', en: 'Enter the number of rows and columns' },
  arrayRowSpacing: { 'zh-CN': '行间距必须小于 300', en: 'Row spacing must be less than 300' },
  arrayColumnSpacing: { 'zh-CN': '列间距必须小于 400', en: 'Column spacing must be less than 400' },
  arrayTooMany: { 'zh-CN': '阵列副本不能超过 10000 个', en: 'An array can have at most 10,000 copies' },
  arrayCountRequired: {
    'zh-CN': '阵列数量必须是不小于 1 的整数',
    en: 'The number of copies must be a whole number of 1 or more',
  },
  arrayRadius: { 'zh-CN': '阵列半径必须是不小于 0 的数字', en: 'The radius must be a number of 0 or more' },
  fillInterval: { 'zh-CN': '填充间隔必须大于 0', en: 'The fill interval must be greater than 0' },
  fillAngle: { 'zh-CN': '填充角度必须是数字', en: 'The fill angle must be a number' },
  fillOverscan: { 'zh-CN': '过扫描距离不能为负数', en: 'The overscan must not be negative' },
  fillTooDense: {
    'zh-CN': '填充线过密，请增大填充间隔',
    en: 'The fill has too many lines: increase the fill interval',
  },
  passes: { 'zh-CN': '加工次数必须是 1 到 1000 的整数', en: 'Passes must be a whole number from 1 to 1000' },
  badCoordinate: {
    'zh-CN': '加工任务包含无效坐标',
    en: 'The job has a coordinate that is not a finite number',
  },
  badStart: { 'zh-CN': '起点坐标无效', en: 'The start point must have finite coordinates' },
  unknownLayer: {
    'zh-CN': '加工任务引用了不存在的图层',
    en: 'The job refers to a layer it does not contain',
  },
  badMachine: {
    'zh-CN': '机器参数无效：最大 S 值、激光功率、空移速度和加速度必须大于 0',
    en: 'Machine settings are invalid: max S, laser power, travel speed and acceleration must be greater than 0',
  },
  badSpeed: { 'zh-CN': '图层速度必须大于 0', en: 'The layer speed must be greater than 0' },
  badPower: { 'zh-CN': '图层功率必须是不小于 0 的数字', en: 'The layer power must be a number of 0 or more' },
  clippedToArea: {
    'zh-CN': '部分图形超出加工区域，超出部分已裁掉，不会加工',
    en: 'Part of the drawing lies outside the work area: it was cut off at the edge and will not be burnt',
  },
  outsideBed: {
    'zh-CN': '加工内容超出机器的加工幅面，请移动图形或缩小尺寸',
    en: "The job reaches outside the machine's bed: move the drawing or make it smaller",
  },
} as const satisfies Record<string, Bilingual>;

/**
 * Something a user brought that Kerf cannot read: `format` names the kind of file, `reason` says what is
 * wrong with it in plain words. Shown as 格式错误 followed by the reason.
 */
export class FormatError extends Error {
  constructor(
    readonly format: string,
    readonly reason: string,
  ) {
    super(`${format}: ${reason}`);
    this.name = 'FormatError';
  }

  get text(): Bilingual {
    return {
      'zh-CN': `${LASER_MESSAGES.formatError['zh-CN']}：${this.reason}`,
      en: `${LASER_MESSAGES.formatError.en}: ${this.reason}`,
    };
  }
}

/** A file over MAX_DRAWING_BYTES. */
export class TooLargeError extends Error {
  readonly text: Bilingual = LASER_MESSAGES.tooLarge;
  constructor(readonly size: number) {
    super(LASER_MESSAGES.tooLarge.en);
    this.name = 'TooLargeError';
  }
}

/** Refuses input over the size limit before any parsing starts. */
export function checkDrawingSize(size: number): void {
  if (size > MAX_DRAWING_BYTES) throw new TooLargeError(size);
}

/** A job setting out of range (array counts and spacing): `text` is the message to show. */
export class SettingError extends Error {
  constructor(readonly text: Bilingual) {
    super(text.en);
    this.name = 'SettingError';
  }
}
