import { InboxOutlined } from '@ant-design/icons';
import {
  CRAFT_LASER_TYPES,
  CRAFT_LIMITS,
  type CraftFacets,
  type CraftImportPolicy,
  type CraftImportPreview,
  type CraftLaserType,
  type CraftLibrary,
} from '@kerf/contract';
import { Alert, AutoComplete, Button, Form, InputNumber, Modal, Radio, Result, Steps, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CraftImportTarget, importCrafts, previewCraftImport } from '../../../api/craft-api';
import { isShownByClient, messageOf } from '../../../api/request';
import { useMediaQuery } from '../../../app/media/use-media-query';
import type { TranslationKey } from '../../../i18n/i18n';
import { useRefreshCrafts } from '../hooks/use-craft-data';
import { ImportPreviewView } from './ImportPreviewView';

type Step = 'file' | 'preview' | 'done';
const STEPS: Step[] = ['file', 'preview', 'done'];
const STEP_TITLE = {
  file: 'craft.import.stepFile',
  preview: 'craft.import.stepPreview',
  done: 'craft.import.stepDone',
} as const satisfies Record<Step, TranslationKey>;

interface MachineValues {
  laserType: CraftLaserType;
  powerClass: number | null;
  machineModel: string;
}

/**
 * Imports a LightBurn `.clb` or Kerf `.json` library: the file and the machine it is for (LightBurn
 * files do not say), then the server's preview of what is new and what clashes with a choice for the
 * clashes, then the import in one transaction. A refused file shows the server's words and changes nothing.
 */
export function ImportDialog({
  library,
  facets,
  onClose,
}: {
  library: CraftLibrary;
  facets: CraftFacets | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 575.98px)');
  const refresh = useRefreshCrafts();
  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<File | null>(null);
  const [machine, setMachine] = useState<MachineValues>({ laserType: 'gas', powerClass: 60, machineModel: '' });
  const [preview, setPreview] = useState<CraftImportPreview | null>(null);
  const [onClash, setOnClash] = useState<CraftImportPolicy>('skip');
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState('');
  const [busy, setBusy] = useState(false);

  const target = (): CraftImportTarget => ({
    library,
    laserType: machine.laserType,
    // an emptied box means the usual tube rather than a refused call
    powerClass: machine.powerClass ?? 60,
    machineModel: machine.machineModel.trim(),
  });

  /** Runs a call, showing a refusal (a hostile or broken file) in the dialog. */
  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      if (!isShownByClient(error)) setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const readPreview = () =>
    attempt(async () => {
      if (!file) {
        setProblem(t('craft.import.chooseFile'));
        return;
      }
      setPreview(await previewCraftImport(file, file.name, target()));
      setOnClash('skip');
      setStep('preview');
    });

  const runImport = () =>
    attempt(async () => {
      if (!file) return;
      const answer = await importCrafts(file, file.name, target(), onClash);
      setOutcome(answer.msg);
      setStep('done');
      void refresh();
    });

  const footer =
    step === 'file' ? (
      <>
        <Button onClick={onClose}>{t('craft.form.cancel')}</Button>
        <Button type="primary" loading={busy} disabled={!file} onClick={() => void readPreview()}>
          {t('craft.import.next')}
        </Button>
      </>
    ) : step === 'preview' ? (
      <>
        <Button onClick={() => setStep('file')} disabled={busy}>
          {t('craft.import.back')}
        </Button>
        <Button
          type="primary"
          loading={busy}
          disabled={!preview || preview.added.length + (onClash === 'skip' ? 0 : preview.clashes.length) === 0}
          onClick={() => void runImport()}
        >
          {t('craft.import.import')}
        </Button>
      </>
    ) : (
      <Button type="primary" onClick={onClose}>
        {t('craft.import.done')}
      </Button>
    );

  return (
    <Modal
      open
      title={t(library === 'standard' ? 'craft.import.titleStandard' : 'craft.import.title')}
      onCancel={onClose}
      footer={footer}
      width={phone ? '100%' : 680}
      destroyOnHidden
      mask={{ closable: false }}
      className="craft-import"
    >
      <Steps
        size="small"
        className="craft-import__steps"
        current={STEPS.indexOf(step)}
        items={STEPS.map((key) => ({ key, title: t(STEP_TITLE[key]) }))}
      />
      {problem ? <Alert type="error" showIcon className="craft-import__problem" title={problem} /> : null}
      {step === 'file' ? (
        <>
          <Upload.Dragger
            accept=".clb,.json"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(picked) => {
              setFile(picked);
              setProblem(null);
              return false;
            }}
            className="craft-import__drop"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">
              {file ? t('craft.import.chosen', { name: file.name }) : t('craft.import.drop')}
            </p>
            <p className="ant-upload-hint">
              {t('craft.import.dropHint', { size: CRAFT_LIMITS.importMaxBytes / 1024 / 1024 })}
            </p>
          </Upload.Dragger>
          <h3 className="craft-import__heading">{t('craft.import.machine')}</h3>
          <p className="craft-import__hint">{t('craft.import.machineHint')}</p>
          <Form<MachineValues>
            layout="vertical"
            initialValues={machine}
            onValuesChange={(_, values) => setMachine(values)}
            className="craft-import__machine"
            aria-label={t('craft.import.machine')}
          >
            <Form.Item name="laserType" label={t('craft.columns.laserType')} className="craft-field">
              <Radio.Group
                optionType="button"
                options={CRAFT_LASER_TYPES.map((value) => ({ value, label: t(`craft.laserType.${value}`) }))}
              />
            </Form.Item>
            <Form.Item name="powerClass" label={t('craft.columns.powerClass')} className="craft-field">
              <InputNumber<number> min={1} max={CRAFT_LIMITS.powerClassMax} precision={0} step={10} suffix="W" />
            </Form.Item>
            <Form.Item name="machineModel" label={t('craft.columns.machineModel')} className="craft-field">
              <AutoComplete
                options={(facets?.machineModels ?? []).map((value) => ({ value }))}
                placeholder={t('craft.form.machineModelPlaceholder')}
                maxLength={CRAFT_LIMITS.machineModelMax}
              />
            </Form.Item>
          </Form>
        </>
      ) : null}
      {step === 'preview' && preview ? (
        <ImportPreviewView preview={preview} onClash={onClash} onClashChange={setOnClash} />
      ) : null}
      {step === 'done' ? <Result status="success" title={outcome} className="craft-import__done" /> : null}
    </Modal>
  );
}
