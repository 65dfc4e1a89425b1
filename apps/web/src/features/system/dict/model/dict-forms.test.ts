import type { DictData } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { dataFormOf, typeFormOf, typeKeyProblem } from './dict-forms';

describe('dictionary forms', () => {
  it('accepts only lower-case keys starting with a letter, and says why in both languages', () => {
    expect(typeKeyProblem('order_state', 'zh-CN')).toBeNull();
    expect(typeKeyProblem(' finish2 ', 'en')).toBeNull();
    expect(typeKeyProblem('Order', 'zh-CN')).toBe('字典类型只能包含小写字母、数字和下划线，并以字母开头');
    expect(typeKeyProblem('2nd', 'en')).toMatch(/^A dictionary type holds lower-case letters/);
    expect(typeKeyProblem('', 'en')).not.toBeNull();
  });

  it('starts a new entry after the last one, in use, and an edit with the entry as it is', () => {
    const shown = [{ sort: 3 }, { sort: 7 }] as DictData[];
    expect(dataFormOf('finish', undefined, shown)).toMatchObject({
      dictType: 'finish',
      sort: 8,
      status: '0',
      value: '',
    });
    const entry = {
      labelCn: '哑光',
      labelEn: 'Matt',
      value: 'matt',
      sort: 2,
      status: '1',
      listClass: 'gold',
    } as DictData;
    expect(dataFormOf('finish', entry, shown)).toMatchObject({
      labelEn: 'Matt',
      sort: 2,
      status: '1',
      listClass: 'gold',
    });
    expect(typeFormOf()).toEqual({ dictType: '', nameCn: '', nameEn: '', status: '0', remark: '' });
  });
});
