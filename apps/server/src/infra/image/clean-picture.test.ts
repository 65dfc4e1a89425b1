import { describe, expect, it } from 'vitest';
import { cleanPicture } from './clean-picture.js';
import { loadSharp } from './load-sharp.js';

describe('cleanPicture', () => {
  it('writes a PNG again from its pixels, dropping bytes appended after the image', async () => {
    const sharp = await loadSharp();
    const png = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#86a500' } })
      .png()
      .toBuffer();
    const polyglot = Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]);
    const clean = await cleanPicture(polyglot);
    expect(clean).toMatchObject({ mime: 'image/png', width: 3, height: 2 });
    expect(clean?.bytes.includes('<script>')).toBe(false);
    const { data } = await sharp(clean?.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0x86, 0xa5, 0x00]);
  });

  it('keeps a JPEG a JPEG, turned upright by its EXIF orientation and without its metadata', async () => {
    const sharp = await loadSharp();
    const jpeg = await sharp({ create: { width: 4, height: 2, channels: 3, background: '#ffffff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const clean = await cleanPicture(jpeg);
    expect(clean).toMatchObject({ mime: 'image/jpeg', width: 2, height: 4 });
    expect((await sharp(clean?.bytes).metadata()).orientation).toBeUndefined();
  });

  it('refuses what is not a picture', async () => {
    expect(await cleanPicture(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'))).toBeNull();
    expect(await cleanPicture(Buffer.from('just text'))).toBeNull();
  });
});
