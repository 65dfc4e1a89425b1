import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { clampPage } from '../model/image-view';

/**
 * "3 / 12": the number box of SPEC §5. Digits only; Enter or leaving the box goes there, clamped to
 * 1..count; anything else puts the current number back.
 */
export function PageBox({
  page,
  count,
  label,
  onGo,
}: {
  page: number;
  count: number;
  label: string;
  onGo(page: number): void;
}) {
  const [text, setText] = useState(String(page));
  useEffect(() => setText(String(page)), [page]);
  const commit = () => {
    const next = clampPage(text, count);
    setText(String(next ?? page));
    if (next !== null && next !== page) onGo(next);
  };
  const width = `${Math.max(2, String(count).length) + 2}ch`;
  return (
    <span className="viewer-page-box">
      <Input
        size="small"
        value={text}
        aria-label={label}
        inputMode="numeric"
        style={{ width }}
        onChange={(event) => setText(event.target.value.replace(/\D/g, ''))}
        onFocus={(event) => event.target.select()}
        // leaving the box commits the number; the arrow keys then browse again
        onPressEnter={(event) => event.currentTarget.blur()}
        onBlur={commit}
      />
      <span className="viewer-page-box__count">/ {count}</span>
    </span>
  );
}
