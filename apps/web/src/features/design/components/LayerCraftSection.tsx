import type { Craft } from '@kerf/contract';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createCraft } from '../../../api/craft-api';
import { useConfirm } from '../hooks/use-confirm';
import { useEditor, useEditorState } from '../hooks/use-editor';
import { useSignedInOrAsk } from '../hooks/use-sign-in-prompt';
import { applyCraftToLayer, craftModeConflict } from '../model/layers/craft-layer';
import { CraftPickerDialog } from './CraftPickerDialog';
import { LayerSettingsDrawer } from './LayerSettingsDrawer';
import { SaveCraftDialog } from './SaveCraftDialog';

/**
 * The active layer's laser settings in brief, with the craft libraries beside them: apply a craft pass
 * to the layer (asking first when its mode differs, SPEC §5) or keep the layer's settings as a craft.
 */
export function LayerCraftSection() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const editor = useEditor();
  const confirm = useConfirm();
  const signedIn = useSignedInOrAsk();
  const layer = useEditorState((s) => s.doc.layers.find((l) => l.id === s.activeLayerId));
  const [dialog, setDialog] = useState<'pick' | 'save' | 'settings' | null>(null);
  /** SPEC §5: with no layer selected the buttons stay, and say what is missing instead of acting. */
  const open = (which: 'pick' | 'save' | 'settings', ask = false) => {
    if (!layer) {
      void message.warning(t('design.layerList.selectLayerFirst'));
      return;
    }
    if (!ask) setDialog(which);
    else void signedIn().then((yes) => yes && setDialog(which));
  };

  const apply = async (craft: Craft, passIndex: number) => {
    if (!layer) return;
    const conflict = craftModeConflict(layer, craft, passIndex);
    if (conflict) {
      const go = await confirm({
        title: t('design.craft.modeMismatchTitle'),
        content: t('design.craft.modeMismatch', {
          craft: t(`design.craft.mode.${conflict.craft}`),
          layer: t(`design.craft.mode.${conflict.layer}`),
        }),
        okText: t('design.craft.applyAnyway'),
      });
      if (!go) return;
    }
    editor.store.change(t('design.craft.apply'), applyCraftToLayer(layer.id, craft, passIndex));
    setDialog(null);
    void message.success(t('design.craft.applied', { name: `${craft.material} · ${craft.name}` }));
  };

  return (
    <section className="design-layer-craft" aria-label={t('design.craft.section')}>
      {layer ? (
        <dl className="design-layer-craft__summary">
          <dt>{t('design.craft.modeLabel')}</dt>
          <dd data-field="mode">{t(`design.craft.mode.${layer.mode}`)}</dd>
          <dt>{t('design.craft.power')}</dt>
          <dd data-field="power">
            {layer.minPower}–{layer.maxPower} W
          </dd>
          <dt>{t('design.craft.speed')}</dt>
          <dd data-field="speed">{layer.speed} mm/s</dd>
          <dt>{t('design.craft.passes')}</dt>
          <dd data-field="passes">{layer.passes}</dd>
        </dl>
      ) : (
        <p className="design-layers__hint">{t('design.craft.selectLayer')}</p>
      )}
      <Space wrap size={6}>
        <Button size="small" onClick={() => open('settings')}>
          {t('design.layerSettings.open')}
        </Button>
        <Button size="small" type="primary" onClick={() => open('pick', true)}>
          {t('design.craft.apply')}
        </Button>
        <Button size="small" onClick={() => open('save', true)}>
          {t('design.craft.saveAs')}
        </Button>
      </Space>
      {dialog === 'settings' && layer ? <LayerSettingsDrawer layer={layer} onClose={() => setDialog(null)} /> : null}
      {dialog === 'pick' ? (
        <CraftPickerDialog onPick={(craft, pass) => void apply(craft, pass)} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'save' && layer ? (
        <SaveCraftDialog
          layer={layer}
          onClose={() => setDialog(null)}
          onSave={async (craft) => {
            const { msg } = await createCraft('personal', craft);
            setDialog(null);
            void message.success(msg);
          }}
        />
      ) : null}
    </section>
  );
}
