import type { DictData } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { dictView } from './dict-labels';

const entry = (value: string, labelCn: string, labelEn: string, listClass: DictData['listClass']): DictData => ({
  id: value,
  dictType: 'order_state',
  value,
  labelCn,
  labelEn,
  listClass,
  cssClass: '',
  sort: 0,
  status: '0',
  remark: '',
  createdAt: '',
  updatedAt: '',
});

describe('dictView', () => {
  const entries = [
    entry('paid', '已支付', 'Paid', 'success'),
    entry('pending', '待支付', '', 'primary'),
    entry('closed', '已关闭', 'Closed', 'default'),
  ];

  it('picks the label of the language, falling back to Chinese where no English was given', () => {
    expect(dictView(entries, 'paid', 'zh-CN').label).toBe('已支付');
    expect(dictView(entries, 'paid', 'en').label).toBe('Paid');
    expect(dictView(entries, 'pending', 'en').label).toBe('待支付');
  });

  it('turns RuoYi list classes into tag colours and passes antd colours through', () => {
    expect(dictView(entries, 'paid', 'en').color).toBe('success');
    expect(dictView(entries, 'pending', 'en').color).toBe('blue');
    expect(dictView(entries, 'closed', 'en').color).toBeUndefined();
  });

  it('shows a value it does not know as itself', () => {
    expect(dictView(entries, 'lost', 'zh-CN')).toEqual({ label: 'lost', color: undefined, cssClass: '' });
  });
});
