import { FormatError } from '../model/errors.js';

/** A decoded picture: `width × height` pixels, 4 bytes each (red, green, blue, alpha), rows top to bottom. */
export interface RgbaImage {
  width: number;
  height: number;
  rgba: Uint8Array;
}

/** A picture the importers cannot read: `reason` says what is wrong, for the SPEC's 格式错误 message. */
export class ImageFormatError extends FormatError {
  constructor(reason: string) {
    super('image', reason);
    this.name = 'ImageFormatError';
  }
}
