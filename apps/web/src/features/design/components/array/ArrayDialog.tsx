import {
  type ArrayField,
  type ArrayProblem,
  arrayCopyCount,
  type CircularArray,
  type GridArray,
  type ShapeArray,
} from '@kerf/laser';
import { Button, Checkbox, Form, InputNumber, Modal, Segmented } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { designArrayZhCN } from '../../../../i18n/design-array.zh-CN';
import { useEditor } from '../../hooks/use-editor';
import {
  applyArray,
  arraySelectionProblems,
  breakApartArrays,
  DEFAULT_CIRCULAR_ARRAY,
  DEFAULT_GRID_ARRAY,
  previewArray,
  selectedArray,
} from '../../model/array/array-actions';
import { newId } from '../../model/ids';
import './array-dialog.css';

type ArrayKey = Exclude<keyof typeof designArrayZhCN, 'history'>;
type Kind = ShapeArray['kind'];

/** The fields as typed: an emptied number field is null until the user types again. */
interface GridFields {
  rows: number | null;
  columns: number | null;
  rowSpacing: number | null;
  columnSpacing: number | null;
}
interface CircularFields {
  count: number | null;
  radius: number | null;
  rotate: boolean;
}

/**
 * The settings the fields stand for. An empty count stays empty (NaN: the SPEC's "not empty" message);
 * an empty spacing is no gap, as the job-wide array reads a missing spacing.
 */
function settingsOf(kind: Kind, grid: GridFields, circular: CircularFields): ShapeArray {
  if (kind === 'grid') {
    return {
      kind,
      rows: grid.rows ?? Number.NaN,
      columns: grid.columns ?? Number.NaN,
      rowSpacing: grid.rowSpacing ?? 0,
      columnSpacing: grid.columnSpacing ?? 0,
    } satisfies GridArray;
  }
  return {
    kind,
    count: circular.count ?? Number.NaN,
    radius: circular.radius ?? Number.NaN,
    rotate: circular.rotate,
  } satisfies CircularArray;
}

/**
 * Makes an array object from the selection, or edits the selected one: grid or circular, the SPEC's
 * limits shown under the fields, the pending array drawn on the canvas while the dialog is open.
 */
export function ArrayDialog({ onClose }: { onClose(): void }) {
  const { t, i18n } = useTranslation();
  const editor = useEditor();
  const a = (key: ArrayKey, options?: Record<string, unknown>) => t(`design.array.${key}`, options ?? {});
  const lang = i18n.language === 'en' ? 'en' : 'zh-CN';
  const [existing] = useState(() => selectedArray(editor));
  const [groupId] = useState(() => newId('g'));
  const [kind, setKind] = useState<Kind>(existing?.array.kind ?? 'grid');
  const [grid, setGrid] = useState<GridFields>(() =>
    existing?.array.kind === 'grid' ? existing.array : DEFAULT_GRID_ARRAY,
  );
  const [circular, setCircular] = useState<CircularFields>(() =>
    existing?.array.kind === 'circular' ? existing.array : DEFAULT_CIRCULAR_ARRAY,
  );
  const settings = useMemo(() => settingsOf(kind, grid, circular), [kind, grid, circular]);
  const problems = useMemo(() => arraySelectionProblems(editor, settings), [editor, settings]);

  useEffect(() => previewArray(editor, settings, groupId), [editor, settings, groupId]);
  useEffect(() => () => previewArray(editor, null, groupId), [editor, groupId]);

  const problemOf = (field: ArrayField): ArrayProblem | undefined => problems.find((p) => p.field === field);
  const status = (field: ArrayField) => {
    const problem = problemOf(field);
    return problem ? { validateStatus: 'error' as const, help: problem.text[lang] } : {};
  };
  const copies = arrayCopyCount(settings);
  const tooMany = problemOf('copies');

  const ok = () => {
    if (problems.length === 0 && applyArray(editor, settings, groupId).length === 0) onClose();
  };
  const breakApart = () => {
    breakApartArrays(editor);
    onClose();
  };

  const number = (
    label: ArrayKey,
    value: number | null,
    set: (value: number | null) => void,
    field: ArrayField,
    options: { min?: number; max?: number; precision: number; mm?: boolean },
  ) => (
    <Form.Item label={a(label)} {...status(field)}>
      <InputNumber
        aria-label={a(label)}
        value={value}
        onChange={(v) => set(typeof v === 'number' ? v : null)}
        min={options.min}
        max={options.max}
        precision={options.precision}
        suffix={options.mm ? 'mm' : undefined}
        changeOnWheel={false}
        onPressEnter={ok}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );

  return (
    <Modal
      open
      title={existing ? a('editTitle') : a('title')}
      onCancel={onClose}
      width={380}
      mask={false}
      wrapClassName="array-dialog"
      destroyOnHidden
      footer={
        <div className="array-dialog__footer">
          {existing ? (
            <Button onClick={breakApart} className="array-dialog__break">
              {a('breakApart')}
            </Button>
          ) : null}
          <Button onClick={onClose}>{a('cancel')}</Button>
          <Button type="primary" disabled={problems.length > 0} onClick={ok}>
            {a('ok')}
          </Button>
        </div>
      }
    >
      <Segmented<Kind>
        block
        value={kind}
        onChange={setKind}
        options={[
          { value: 'grid', label: a('grid') },
          { value: 'circular', label: a('circular') },
        ]}
        className="array-dialog__kind"
      />
      <Form layout="vertical" className="array-dialog__fields">
        {kind === 'grid' ? (
          <>
            <div className="array-dialog__row">
              {number('rows', grid.rows, (rows) => setGrid({ ...grid, rows }), 'rows', { min: 1, precision: 0 })}
              {number('columns', grid.columns, (columns) => setGrid({ ...grid, columns }), 'columns', {
                min: 1,
                precision: 0,
              })}
            </div>
            <div className="array-dialog__row">
              {number('rowSpacing', grid.rowSpacing, (rowSpacing) => setGrid({ ...grid, rowSpacing }), 'rowSpacing', {
                precision: 2,
                mm: true,
              })}
              {number(
                'columnSpacing',
                grid.columnSpacing,
                (columnSpacing) => setGrid({ ...grid, columnSpacing }),
                'columnSpacing',
                { precision: 2, mm: true },
              )}
            </div>
            <div className="array-dialog__hint">{a('spacingHint')}</div>
          </>
        ) : (
          <>
            <div className="array-dialog__row">
              {number('count', circular.count, (count) => setCircular({ ...circular, count }), 'count', {
                min: 1,
                precision: 0,
              })}
              {number('radius', circular.radius, (radius) => setCircular({ ...circular, radius }), 'radius', {
                min: 0,
                precision: 2,
                mm: true,
              })}
            </div>
            <Checkbox
              checked={circular.rotate}
              onChange={(e) => setCircular({ ...circular, rotate: e.target.checked })}
            >
              {a('rotate')}
            </Checkbox>
          </>
        )}
      </Form>
      <div className={tooMany ? 'array-dialog__total array-dialog__total--error' : 'array-dialog__total'} role="status">
        {tooMany ? tooMany.text[lang] : Number.isFinite(copies) ? a('copies', { count: copies }) : ''}
      </div>
    </Modal>
  );
}
