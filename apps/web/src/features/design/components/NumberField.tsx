import { InputNumber } from 'antd';
import { useEffect, useState } from 'react';

/**
 * A number typed and committed on Enter or on leaving the field (not on each key, which would make an
 * undo step per digit). It shows the current value again when that changes elsewhere.
 */
export function NumberField({
  label,
  value,
  onCommit,
  min,
  max,
  step = 1,
  precision = 2,
  suffix,
  disabled,
}: {
  label: string;
  value: number;
  onCommit(value: number): void;
  min?: number;
  max?: number;
  step?: number;
  precision?: number;
  suffix?: string;
  disabled?: boolean;
}) {
  const [draft, setDraft] = useState<number | null>(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft === null || !Number.isFinite(draft)) {
      setDraft(value);
      return;
    }
    if (Math.abs(draft - value) > 10 ** -(precision + 1)) onCommit(draft);
  };
  return (
    <span className="design-field">
      <span className="design-field__label">{label}</span>
      <InputNumber
        size="small"
        aria-label={label}
        value={draft === null ? null : Number(draft.toFixed(precision))}
        min={min}
        max={max}
        step={step}
        precision={precision}
        suffix={suffix}
        disabled={disabled}
        onChange={(next) => setDraft(typeof next === 'number' ? next : null)}
        onPressEnter={commit}
        onBlur={commit}
        className="design-field__input"
      />
    </span>
  );
}
