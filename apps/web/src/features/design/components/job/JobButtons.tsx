import { ExportOutlined, EyeOutlined, SettingOutlined, WarningOutlined } from '@ant-design/icons';
import { DEVICE_PERMISSIONS } from '@kerf/contract';
import { App, Badge, Button, Divider, Dropdown, Select, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../app/access/use-can';
import { useStore } from '../../../../stores/create-store';
import { useSession } from '../../../../stores/session-store';
import { SendToMachineDialog } from '../../../devices/send/SendToMachineDialog';
import { useEditor, useEditorState } from '../../hooks/use-editor';
import { GCODE_EXTENSION, useJobExport } from '../../hooks/use-job-export';
import { machineStore } from '../../job/machine-store';
import { allProfiles, type MachineProfile } from '../../model/job/machine-profiles';
import { SaveDialog } from '../SaveDialog';
import { JobPreviewDialog } from './JobPreviewDialog';
import { MachineProfilesDialog } from './MachineProfilesDialog';
import { WarningsDrawer } from './WarningsDrawer';
import './job.css';

/** The header's job group: the machine planned for, the job preview, exports and the notes. */
export function JobButtons() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const editor = useEditor();
  const { own, profileId } = useStore(machineStore, (s) => s);
  const importNotes = useEditorState((s) => s.doc.meta.warnings?.length ?? 0);
  const [open, setOpen] = useState<'preview' | 'machines' | 'notes' | null>(null);
  const exports = useJobExport(editor);
  // "send to machine" is for people who may drive machines (a signed-out visitor is asked to sign in first)
  const can = useCan();
  const signedIn = useSession((s) => s.user !== null);
  const canSend = !signedIn || can.permission(DEVICE_PERMISSIONS.control);

  const pickProfile = (profile: MachineProfile) => {
    machineStore.setState((s) => ({ ...s, profileId: profile.id }));
    const { width, height } = editor.doc;
    if (width !== profile.bedWidth || height !== profile.bedHeight) {
      // the work area on the canvas follows the machine's bed, as one undoable step
      editor.store.change('design.job.history.workArea', (d) => {
        d.width = profile.bedWidth;
        d.height = profile.bedHeight;
      });
      void message.info(t('design.job.machine.workArea', { width: profile.bedWidth, height: profile.bedHeight }));
    }
  };

  return (
    <span className="design-header__group">
      <Select
        className="job-machine-select"
        size="small"
        value={profileId}
        aria-label={t('design.job.machine.label')}
        popupMatchSelectWidth={false}
        onChange={(id) => {
          const profile = allProfiles(own).find((p) => p.id === id);
          if (profile) pickProfile(profile);
        }}
        options={allProfiles(own).map((p) => ({ value: p.id, label: p.name }))}
        popupRender={(menu) => (
          <>
            {menu}
            <Divider style={{ margin: '4px 0' }} />
            <Button type="text" block icon={<SettingOutlined />} onClick={() => setOpen('machines')}>
              {t('design.job.machine.manage')}
            </Button>
          </>
        )}
      />
      <Button type="text" icon={<EyeOutlined />} onClick={() => setOpen('preview')}>
        {t('design.job.preview.button')}
      </Button>
      <Dropdown
        trigger={['click']}
        menu={{
          items: (
            ['gcode', 'gcodeToDrive', ...(canSend ? (['gcodeToMachine'] as const) : []), 'svg', 'dxf', 'kerf'] as const
          ).map((key) => ({
            key,
            label: t(`design.job.export.${key}`),
          })),
          onClick: ({ key }) => exports.exportAs(key as Parameters<typeof exports.exportAs>[0]),
        }}
      >
        <Button type="text" icon={<ExportOutlined />}>
          {t('design.job.export.button')}
        </Button>
      </Dropdown>
      <Tooltip title={t('design.job.warnings.title')}>
        <Badge count={importNotes} size="small" offset={[-6, 6]}>
          <Button
            type="text"
            aria-label={t('design.job.warnings.button')}
            icon={<WarningOutlined />}
            onClick={() => setOpen('notes')}
          />
        </Badge>
      </Tooltip>
      {open === 'preview' ? (
        <JobPreviewDialog
          onClose={() => setOpen(null)}
          onDownload={exports.downloadGcode}
          onSaveToDrive={(job) => void exports.askSaveGcode(job)}
        />
      ) : null}
      {open === 'machines' ? (
        <MachineProfilesDialog
          onClose={() => setOpen(null)}
          onUse={(profile) => {
            pickProfile(profile);
            setOpen(null);
          }}
        />
      ) : null}
      {open === 'notes' ? <WarningsDrawer onClose={() => setOpen(null)} /> : null}
      {exports.sending ? <SendToMachineDialog file={exports.sending} onClose={exports.closeSending} /> : null}
      {exports.savingGcode ? (
        <SaveDialog
          initialName={exports.gcodeName()}
          extension={GCODE_EXTENSION}
          title={t('design.job.export.saveTitle')}
          onSave={(target) => void exports.saveGcode(target)}
          onClose={exports.cancelSaveGcode}
        />
      ) : null}
    </span>
  );
}
