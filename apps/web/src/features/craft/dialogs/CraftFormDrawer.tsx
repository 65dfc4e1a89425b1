import { PlusOutlined } from '@ant-design/icons';
import { CRAFT_LASER_TYPES, CRAFT_LIMITS, type Craft, type CraftFacets, type CraftLibrary } from '@kerf/contract';
import { Alert, App, AutoComplete, Button, Drawer, Form, Input, InputNumber, Radio, Space } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createCraft, fetchCraft, updateCraft } from '../../../api/craft-api';
import { isShownByClient, messageOf } from '../../../api/request';
import { plainNumber } from '../../../app/components/plain-number';
import { useMediaQuery } from '../../../app/media/use-media-query';
import { useSettings } from '../../../stores/settings-store';
import { useRefreshCrafts } from '../hooks/use-craft-data';
import {
  type CraftFormValues,
  checkCraftForm,
  type FieldPath,
  type FieldProblem,
  formValuesOf,
  newPassValues,
  pathKey,
} from '../model/craft-form';
import { BITMAP_FIELDS, PASS_FIELDS, PassFields } from './PassFields';

export type CraftFormMode =
  | { kind: 'create'; library: CraftLibrary; prefill?: Partial<CraftFormValues> }
  | { kind: 'edit'; craft: Craft };

const TOP_FIELDS = new Set(['material', 'thickness', 'machineModel', 'laserType', 'powerClass', 'name', 'description']);

/** Whether the form has a field at this path (else the problem is said above the form). */
function hasField(path: FieldPath): boolean {
  const [first, index, field, sub] = path;
  if (path.length === 1) return TOP_FIELDS.has(String(first));
  if (first !== 'passes' || typeof index !== 'number') return false;
  if (path.length === 3) return PASS_FIELDS.has(String(field));
  return path.length === 4 && field === 'bitmap' && BITMAP_FIELDS.has(String(sub));
}

const suggestions = (values: readonly string[]) => values.map((value) => ({ value }));

/**
 * Adds or edits a craft. The contract's `craftInputSchema` is the only set of rules: a field shows its
 * rule's words once touched, every field does after a save attempt. An edit names the revision it was
 * read at; when someone saved in between (409) the form says so and offers to load their version.
 */
export function CraftFormDrawer({
  mode,
  facets,
  onClose,
  onSaved,
}: {
  mode: CraftFormMode;
  facets: CraftFacets | undefined;
  onClose(): void;
  onSaved(craft: Craft): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const phone = useMediaQuery('(max-width: 575.98px)');
  const refresh = useRefreshCrafts();
  // untyped on purpose: problems arrive with the schema's paths, which antd's typed paths cannot name
  const [form] = Form.useForm();
  const editing = mode.kind === 'edit' ? mode.craft : undefined;
  const library = editing ? editing.library : mode.kind === 'create' ? mode.library : 'personal';
  const [source, setSource] = useState(() => ({
    values: formValuesOf(editing, mode.kind === 'create' ? mode.prefill : undefined),
    revision: editing?.revision ?? 0,
    version: 0,
  }));
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const attempted = useRef(false);
  const shown = useRef(new Map<string, FieldPath>());
  const laserType = Form.useWatch('laserType', form);

  // A remounted <Form> keeps the store's values over new initial values; resetting puts the loaded
  // version in every field (and clears touched marks and errors) once the form has rendered with it.
  useEffect(() => {
    if (source.version > 0) form.resetFields();
  }, [source.version, form]);

  /** Puts each problem on its field and clears the fields whose problem is gone. */
  const showProblems = (problems: FieldProblem[]) => {
    const placed = problems.filter((problem) => hasField(problem.name));
    const next = new Map(placed.map((problem) => [pathKey(problem.name), problem.name]));
    form.setFields([
      ...[...shown.current].filter(([key]) => !next.has(key)).map(([, name]) => ({ name, errors: [] })),
      ...placed.map((problem) => ({ name: problem.name, errors: [problem.message] })),
    ]);
    shown.current = next;
    setUnplaced(problems.filter((problem) => !hasField(problem.name)).map((problem) => problem.message));
  };

  const check = () => checkCraftForm(form.getFieldsValue(true) as CraftFormValues, locale);

  const touchedAround = (name: FieldPath) => {
    if (form.isFieldTouched(name)) return true;
    const [first, index] = name;
    if (first !== 'passes' || typeof index !== 'number') return false;
    return [...PASS_FIELDS].some((field) => form.isFieldTouched(['passes', index, field]));
  };

  const recheck = () => {
    const result = check();
    const problems = result.ok ? [] : result.problems;
    // before a save attempt, only what the person has touched speaks; a pass's rules that tie two of
    // its fields together (min power above max) speak once any field of that pass was touched
    showProblems(attempted.current ? problems : problems.filter((problem) => touchedAround(problem.name)));
  };

  const save = async () => {
    attempted.current = true;
    const result = check();
    if (!result.ok) {
      showProblems(result.problems);
      const first = result.problems.find((problem) => hasField(problem.name));
      if (first) form.scrollToField(first.name, { block: 'center' });
      return;
    }
    setBusy(true);
    try {
      const answer = editing
        ? await updateCraft(editing.id, source.revision, result.input)
        : await createCraft(library, result.input);
      void message.success(answer.msg);
      onSaved(answer.craft);
    } catch (error) {
      if ((error as { code?: number }).code === 409) setConflict(messageOf(error));
      else if (!isShownByClient(error)) void message.error(messageOf(error));
    } finally {
      setBusy(false);
      // a conflict means the craft on screen behind the form is stale too: the drawer reloads
      void refresh();
    }
  };

  const loadLatest = async () => {
    if (!editing) return;
    try {
      const latest = await fetchCraft(editing.id);
      attempted.current = false;
      shown.current = new Map();
      setUnplaced([]);
      setSource((prev) => ({ values: formValuesOf(latest), revision: latest.revision, version: prev.version + 1 }));
      setConflict(null);
      void message.info(t('craft.form.reloaded'));
    } catch (error) {
      if (!isShownByClient(error)) void message.error(messageOf(error));
    }
  };

  const title = editing
    ? t('craft.form.editTitle')
    : library === 'standard'
      ? t('craft.form.createStandardTitle')
      : t('craft.form.createTitle');
  const materials = useMemo(() => suggestions(facets?.materials ?? []), [facets]);
  const models = useMemo(() => suggestions(facets?.machineModels ?? []), [facets]);

  return (
    <Drawer
      open
      onClose={onClose}
      title={title}
      size={phone ? '100%' : 780}
      className="craft-form"
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Space className="craft-form__footer">
          <Button onClick={onClose}>{t('craft.form.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => void save()}>
            {t('craft.form.save')}
          </Button>
        </Space>
      }
    >
      {conflict ? (
        <Alert
          type="warning"
          showIcon
          className="craft-form__alert"
          title={conflict || t('craft.form.conflictTitle')}
          action={
            <Button size="small" onClick={() => void loadLatest()}>
              {t('craft.form.reloadLatest')}
            </Button>
          }
        />
      ) : null}
      {library === 'standard' ? (
        <Alert type="info" showIcon className="craft-form__alert" title={t('craft.form.standardNote')} />
      ) : null}
      {unplaced.length ? (
        <Alert type="error" showIcon className="craft-form__alert" title={unplaced.join('；')} />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={source.values}
        onValuesChange={recheck}
        onFinish={() => void save()}
        aria-label={title}
        scrollToFirstError
      >
        <h3 className="craft-form__heading">{t('craft.form.basics')}</h3>
        <div className="craft-form__grid">
          <Form.Item name="material" label={t('craft.columns.material')} className="craft-field craft-field--wide">
            <AutoComplete
              options={materials}
              placeholder={t('craft.form.materialPlaceholder')}
              maxLength={CRAFT_LIMITS.materialMax}
              showSearch={{
                filterOption: (input, option) =>
                  String(option?.value ?? '')
                    .toLowerCase()
                    .includes(input.toLowerCase()),
              }}
            />
          </Form.Item>
          <Form.Item name="thickness" label={t('craft.columns.thickness')} className="craft-field">
            <InputNumber<number>
              step={0.5}
              suffix="mm"
              formatter={plainNumber}
              placeholder={t('craft.form.thicknessPlaceholder')}
              className="craft-field__number"
            />
          </Form.Item>
          <Form.Item name="powerClass" label={t('craft.columns.powerClass')} className="craft-field">
            <InputNumber<number> step={10} suffix="W" formatter={plainNumber} className="craft-field__number" />
          </Form.Item>
          <Form.Item name="laserType" label={t('craft.columns.laserType')} className="craft-field craft-field--wide">
            <Radio.Group
              optionType="button"
              options={CRAFT_LASER_TYPES.map((value) => ({ value, label: t(`craft.laserType.${value}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="machineModel"
            label={t('craft.columns.machineModel')}
            className="craft-field craft-field--wide"
          >
            <AutoComplete
              options={models}
              placeholder={t('craft.form.machineModelPlaceholder')}
              maxLength={CRAFT_LIMITS.machineModelMax}
            />
          </Form.Item>
          <Form.Item name="name" label={t('craft.columns.name')} className="craft-field craft-field--full">
            <Input placeholder={t('craft.form.namePlaceholder')} maxLength={CRAFT_LIMITS.nameMax} showCount />
          </Form.Item>
          <Form.Item name="description" label={t('craft.detail.description')} className="craft-field craft-field--full">
            <Input.TextArea
              placeholder={t('craft.form.descriptionPlaceholder')}
              autoSize={{ minRows: 2, maxRows: 6 }}
              maxLength={CRAFT_LIMITS.descriptionMax}
            />
          </Form.Item>
        </div>
        <h3 className="craft-form__heading">
          {t('craft.form.passes')}
          <span className="craft-form__hint">{t('craft.form.passesHint')}</span>
        </h3>
        <Form.List name="passes">
          {(fields, { add, remove, move }) => (
            <div className="craft-form__passes">
              {fields.map((field) => (
                <PassFields
                  key={field.key}
                  name={field.name}
                  count={fields.length}
                  fiber={laserType === 'fiber'}
                  onMove={(to) => {
                    move(field.name, to);
                    recheck();
                  }}
                  onRemove={() => {
                    remove(field.name);
                    recheck();
                  }}
                />
              ))}
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                disabled={fields.length >= CRAFT_LIMITS.passesMax}
                onClick={() => add(newPassValues())}
              >
                {t('craft.form.addPass')}
              </Button>
            </div>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}
