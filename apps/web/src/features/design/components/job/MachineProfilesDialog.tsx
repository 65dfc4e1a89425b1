import { Button, Checkbox, Form, Input, InputNumber, List, Modal, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../../../stores/create-store';
import { deleteOwnProfile, machineStore, saveOwnProfile } from '../../job/machine-store';
import { newId } from '../../model/ids';
import {
  allProfiles,
  findProfile,
  type MachineProfile,
  PROFILE_LIMITS,
  profileProblems,
} from '../../model/job/machine-profiles';

type NumberField = 'bedWidth' | 'bedHeight' | 'machinePower' | 'maxS' | 'maxCutSpeed' | 'travelSpeed' | 'acceleration';

const NUMBER_FIELDS: { key: NumberField; unit: string; range: { min: number; max: number } }[] = [
  { key: 'bedWidth', unit: 'mm', range: PROFILE_LIMITS.bed },
  { key: 'bedHeight', unit: 'mm', range: PROFILE_LIMITS.bed },
  { key: 'machinePower', unit: 'W', range: PROFILE_LIMITS.machinePower },
  { key: 'maxS', unit: '', range: PROFILE_LIMITS.maxS },
  { key: 'maxCutSpeed', unit: 'mm/s', range: PROFILE_LIMITS.speed },
  { key: 'travelSpeed', unit: 'mm/s', range: PROFILE_LIMITS.speed },
  { key: 'acceleration', unit: 'mm/s²', range: PROFILE_LIMITS.acceleration },
];

/**
 * Machine profiles: Kerf's built-in machines (read only, copied to change) and the user's own, with
 * every field the job needs; picking one makes it the machine the editor plans for.
 */
export function MachineProfilesDialog({ onUse, onClose }: { onUse(profile: MachineProfile): void; onClose(): void }) {
  const { t } = useTranslation();
  const { own, profileId } = useStore(machineStore, (s) => s);
  const [selectedId, setSelectedId] = useState(profileId);
  const [draft, setDraft] = useState<MachineProfile>(() => findProfile(own, profileId));
  const [showProblems, setShowProblems] = useState(false);
  const problems = new Set(profileProblems(draft));
  const select = (p: MachineProfile) => {
    setSelectedId(p.id);
    setDraft(p);
    setShowProblems(false);
  };
  const copy = (from: MachineProfile, name: string) => {
    const made = { ...from, id: newId('m'), name, builtIn: false };
    saveOwnProfile(made);
    select(made);
  };
  const set = <K extends keyof MachineProfile>(key: K, value: MachineProfile[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const status = (key: keyof MachineProfile) => (showProblems && problems.has(key) ? 'error' : undefined);
  const readOnly = draft.builtIn;
  const save = () => {
    if (problems.size > 0) {
      setShowProblems(true);
      return false;
    }
    saveOwnProfile(draft);
    return true;
  };

  return (
    <Modal
      open
      title={t('design.job.machine.dialogTitle')}
      onCancel={onClose}
      footer={null}
      width={780}
      destroyOnHidden
    >
      <div className="machine-profiles">
        <div className="machine-profiles__list">
          <List
            size="small"
            dataSource={allProfiles(own)}
            renderItem={(p) => (
              <List.Item
                className={p.id === selectedId ? 'is-selected' : ''}
                onClick={() => select(p)}
                data-testid={`machine-${p.id}`}
              >
                <span>{p.name}</span>
                {p.builtIn ? <Tag>{t('design.job.machine.builtInTag')}</Tag> : null}
                {p.id === profileId ? <Tag color="blue">{t('design.job.machine.inUse')}</Tag> : null}
              </List.Item>
            )}
          />
          <Button block onClick={() => copy(findProfile([], null), t('design.job.machine.newName'))}>
            {t('design.job.machine.add')}
          </Button>
        </div>
        <Form layout="horizontal" labelCol={{ span: 9 }} className="machine-profiles__form" disabled={readOnly}>
          {readOnly ? <p className="machine-profiles__hint">{t('design.job.machine.readOnly')}</p> : null}
          <Form.Item label={t('design.job.machine.fields.name')} validateStatus={status('name')}>
            <Input value={draft.name} maxLength={80} onChange={(e) => set('name', e.target.value)} />
          </Form.Item>
          {NUMBER_FIELDS.map(({ key, unit, range }) => (
            <Form.Item
              key={key}
              label={t(`design.job.machine.fields.${key}`)}
              validateStatus={status(key)}
              help={status(key) ? t('design.job.machine.range', range) : undefined}
            >
              <InputNumber
                value={draft[key]}
                addonAfter={unit || undefined}
                aria-label={t(`design.job.machine.fields.${key}`)}
                onChange={(v) => set(key, typeof v === 'number' ? v : Number.NaN)}
                style={{ width: 200 }}
              />
            </Form.Item>
          ))}
          <Form.Item label={t('design.job.machine.fields.origin')}>
            <Select
              value={draft.origin}
              onChange={(v) => set('origin', v)}
              options={(['bottom-left', 'top-left'] as const).map((o) => ({
                value: o,
                label: t(`design.job.machine.origins.${o}`),
              }))}
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item label={t('design.job.machine.fields.laserType')}>
            <Select
              value={draft.laserType}
              onChange={(v) => set('laserType', v)}
              options={(['gas', 'fiber'] as const).map((o) => ({
                value: o,
                label: t(`design.job.machine.laserTypes.${o}`),
              }))}
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item label={t('design.job.machine.fields.airAssist')}>
            <Select
              value={draft.airAssist}
              onChange={(v) => set('airAssist', v)}
              options={(['M8', 'M7', 'none'] as const).map((o) => ({
                value: o,
                label: t(`design.job.machine.airAssists.${o}`),
              }))}
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Space>
              <Checkbox checked={draft.zAxis} onChange={(e) => set('zAxis', e.target.checked)}>
                {t('design.job.machine.fields.zAxis')}
              </Checkbox>
              <Checkbox checked={draft.dynamicPower} onChange={(e) => set('dynamicPower', e.target.checked)}>
                {t('design.job.machine.fields.dynamicPower')}
              </Checkbox>
            </Space>
          </Form.Item>
        </Form>
      </div>
      <div className="machine-profiles__actions">
        {readOnly ? (
          <Button onClick={() => copy(draft, t('design.job.machine.copyName', { name: draft.name }))}>
            {t('design.job.machine.copy')}
          </Button>
        ) : (
          <>
            <Button
              danger
              onClick={() => {
                deleteOwnProfile(draft.id);
                select(findProfile(machineStore.getState().own, machineStore.getState().profileId));
              }}
            >
              {t('design.job.machine.delete')}
            </Button>
            <Button onClick={save}>{t('design.job.machine.save')}</Button>
          </>
        )}
        {showProblems && problems.size > 0 ? (
          <span className="machine-profiles__error">{t('design.job.machine.invalid')}</span>
        ) : null}
        <span className="machine-profiles__spacer" />
        <Button
          type="primary"
          onClick={() => {
            if (!readOnly && !save()) return;
            onUse(draft);
          }}
        >
          {t('design.job.machine.use')}
        </Button>
      </div>
    </Modal>
  );
}
