import type { ObjectInfo } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { emptyForm, formProblems, type ObjectForm } from './object-form';
import { type ObjectSaveCalls, ObjectSaveError, saveObject } from './object-save';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

function filledForm(): ObjectForm {
  const form = emptyForm();
  form.values.fileName = ' Deer lamp ';
  form.values.price = '19.99';
  form.values.listed = true;
  form.papers = [
    { key: 'old', name: 'old.dxf', size: 5, existingId: 'p1' },
    { key: 'new', name: 'lamp.svg', size: 30, file: file('lamp.svg', 30) },
  ];
  form.previews = [{ key: 'img', name: 'photo.png', size: 70, file: file('photo.png', 70) }];
  return form;
}

/** Calls that record what was sent, in order; `failAt` makes one of them fail. */
function recordingCalls(failAt?: string) {
  const log: string[] = [];
  const info = {} as ObjectInfo;
  const step = async (name: string) => {
    log.push(name);
    if (name === failAt) throw new Error('仅支持svg文件格式');
  };
  const calls: ObjectSaveCalls = {
    create: async (details) => {
      await step(`create ${details.fileName} in ${details.folderId}`);
      return 'obj-1';
    },
    update: async (id) => {
      await step(`update ${id}`);
      return info;
    },
    upload: async (id, kind, keep, files, onProgress) => {
      onProgress(1);
      await step(`${kind} ${id} keep=${keep.join(',')} files=${files.map((f) => f.name).join(',')}`);
      return info;
    },
    savePrice: async (id, price) => {
      await step(`price ${id} ${price.price} ${price.currency} ${price.listed}`);
      return info;
    },
  };
  return { log, calls };
}

describe('object form rules (SPEC §5)', () => {
  it('names every rule an empty form breaks, in the form’s order', () => {
    const problems = formProblems(emptyForm()).map((p) => [p.field, p.text['zh-CN']]);
    expect(problems).toEqual([
      ['fileName', '物件名称不能为空'],
      ['papers', '请添加加工图纸'],
      ['previews', '请添加效果图'],
    ]);
  });

  it('asks a new listing’s price in the currency picked in the header, CNY when none was', () => {
    expect(emptyForm('USD').values).toMatchObject({ currency: 'USD', price: '0.00', listed: false });
    expect(emptyForm().values.currency).toBe('CNY');
  });

  it('refuses a drawing of another kind, a picture that is not one, a file over 50 MB and a bad price', () => {
    const form = filledForm();
    form.papers.push({ key: 'x', name: 'setup.exe', size: 1, file: file('setup.exe') });
    form.previews.push({ key: 'y', name: 'notes.txt', size: 1, file: file('notes.txt') });
    form.values.price = '19.999';
    expect(formProblems(form).map((p) => p.text.en)).toEqual([
      'Only svg, dxf, dwg, bmp, png, jpg, jpeg, kerf files are supported',
      'An effect image must be a picture',
      'The price is not valid',
    ]);
    const big = filledForm();
    big.papers = [{ key: 'b', name: 'big.dxf', size: 50 * 1024 * 1024 + 1, file: file('big.dxf') }];
    expect(formProblems(big).map((p) => p.text['zh-CN'])).toEqual(['附件不能超过50MB']);
    const many = filledForm();
    many.previews = Array.from({ length: 10 }, (_, i) => ({ key: `${i}`, name: `${i}.png`, size: 1 }));
    expect(formProblems(many).map((p) => p.text['zh-CN'])).toEqual(['文件数量超出']);
    expect(formProblems(filledForm())).toEqual([]);
  });
});

describe('saving an object (SPEC §4 order)', () => {
  it('saves the details first, then drawings, then effect images, then the price in minor units', async () => {
    const { log, calls } = recordingCalls();
    const fractions: number[] = [];
    await saveObject(filledForm(), { folderId: 'f1' }, calls, (_step, fraction) => fractions.push(fraction));
    expect(log).toEqual([
      'create Deer lamp in f1',
      'paper obj-1 keep=p1 files=lamp.svg',
      'preview obj-1 keep= files=photo.png',
      'price obj-1 1999 CNY true',
    ]);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
  });

  it('updates instead of creating once the form has its id', async () => {
    const { log, calls } = recordingCalls();
    await saveObject(filledForm(), { id: 'obj-9', folderId: 'f1' }, calls);
    expect(log[0]).toBe('update obj-9');
    expect(log).toHaveLength(4);
  });

  it('names the failed step with the SPEC’s words and keeps the id for the next try', async () => {
    const { log, calls } = recordingCalls('paper obj-1 keep=p1 files=lamp.svg');
    const failure = await saveObject(filledForm(), { folderId: 'f1' }, calls).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ObjectSaveError);
    const error = failure as ObjectSaveError;
    expect([error.step, error.text['zh-CN'], error.reason, error.id]).toEqual([
      'papers',
      '上传图纸失败',
      '仅支持svg文件格式',
      'obj-1',
    ]);
    // Effect images never went before the drawings.
    expect(log.some((line) => line.startsWith('preview'))).toBe(false);
    const previews = recordingCalls('preview obj-1 keep= files=photo.png');
    const second = (await saveObject(filledForm(), { folderId: 'f1' }, previews.calls).catch(
      (e) => e,
    )) as ObjectSaveError;
    expect(second.text['zh-CN']).toBe('上传效果图失败');
    const details = recordingCalls('create Deer lamp in f1');
    const third = (await saveObject(filledForm(), { folderId: 'f1' }, details.calls).catch(
      (e) => e,
    )) as ObjectSaveError;
    expect([third.text['zh-CN'], third.id]).toEqual(['保存失败', undefined]);
  });
});
