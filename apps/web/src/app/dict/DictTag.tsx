import { Tag } from 'antd';
import type { DictView } from './dict-labels';

/** A dictionary value as a tag, in its entry's colour and class. */
export function DictTag({ view }: { view: DictView }) {
  return (
    <Tag color={view.color} className={view.cssClass || undefined}>
      {view.label}
    </Tag>
  );
}
