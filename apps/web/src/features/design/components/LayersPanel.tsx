import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  LockOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import type { Layer } from '@kerf/laser';
import { App, Button, Input, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorState } from '../hooks/use-editor';
import {
  deleteActiveLayer,
  dragLayerTo,
  type LayerRefusal,
  moveActiveLayer,
  moveSelectionToActiveLayer,
  renameActiveLayer,
  toggleLayerHidden,
  toggleLayerLocked,
} from '../model/layers/layer-actions';
import { cleanLayerName, layersInOrder, shapeCounts } from '../model/layers/layer-list';
import { LayerCraftSection } from './LayerCraftSection';
import { LayerPalette } from './layers/LayerPalette';
import './layers/layers-panel.css';

/**
 * The drawing's layers in output order (top runs first), as LightBurn's Cuts / Layers list: a click makes
 * a layer current; the eye hides it (not drawn, not picked, not output), the padlock keeps its shapes from
 * being picked; the bar below moves, renames and deletes the current layer. Every change is one undo step.
 */
export function LayersPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const editor = useEditor();
  const layers = useEditorState((s) => s.doc.layers);
  const shapes = useEditorState((s) => s.doc.shapes);
  const activeId = useEditorState((s) => s.activeLayerId);
  const ordered = useMemo(() => layersInOrder(layers), [layers]);
  const counts = useMemo(() => shapeCounts(shapes), [shapes]);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const active = layers.find((l) => l.id === activeId) ?? null;
  const activeAt = active ? ordered.indexOf(active) : -1;

  /** Says why an action did nothing (a refusal, or `nothing` selected); true when it did nothing. */
  const refused = (outcome: LayerRefusal | 'nothing' | 'moved' | 'deleted'): boolean => {
    if (outcome === 'no-layer') void message.warning(t('design.layerList.selectLayerFirst'));
    else if (outcome === 'has-shapes') void message.warning(t('design.layerList.hasShapes', { name: active?.name }));
    else if (outcome === 'nothing') void message.info(t('design.layerList.nothingSelected'));
    else return false;
    return true;
  };

  const rename = (name: string) => {
    if (!cleanLayerName(name)) {
      void message.warning(t('design.layerList.nameInvalid'));
      return;
    }
    renameActiveLayer(editor, name);
    setRenaming(null);
  };

  return (
    <aside className="design-layers" aria-label={t('design.layerList.title')}>
      <div className="layer-list__head">
        <h2 className="design-layers__title">{t('design.layerList.title')}</h2>
        <span className="layer-list__order">{t('design.layerList.order')}</span>
      </div>
      <ul className="layer-list" aria-label={t('design.layerList.title')}>
        {ordered.map((layer, index) => (
          <LayerRow
            key={layer.id}
            layer={layer}
            dropTarget={dropAt === index}
            onDragOver={() => setDropAt(index)}
            onDragEnd={() => setDropAt(null)}
            onDrop={(draggedId) => {
              setDropAt(null);
              dragLayerTo(editor, draggedId, index);
            }}
            count={counts.get(layer.id) ?? 0}
            active={layer.id === activeId}
            renaming={renaming === layer.id}
            onPick={() => editor.store.set({ activeLayerId: layer.id })}
            onStartRename={() => {
              editor.store.set({ activeLayerId: layer.id });
              setRenaming(layer.id);
            }}
            onRename={rename}
            onCancelRename={() => setRenaming(null)}
            onToggleHidden={() => toggleLayerHidden(editor, layer.id)}
            onToggleLocked={() => toggleLayerLocked(editor, layer.id)}
          />
        ))}
      </ul>
      {active ? null : <p className="layer-list__none">{t('design.layerList.noLayer')}</p>}
      <div className="layer-list__actions">
        <Tooltip title={t('design.layerList.moveUp')}>
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={t('design.layerList.moveUp')}
            disabled={activeAt === 0}
            onClick={() => refused(moveActiveLayer(editor, -1))}
          />
        </Tooltip>
        <Tooltip title={t('design.layerList.moveDown')}>
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={t('design.layerList.moveDown')}
            disabled={activeAt >= 0 && activeAt === ordered.length - 1}
            onClick={() => refused(moveActiveLayer(editor, 1))}
          />
        </Tooltip>
        <Tooltip title={t('design.layerList.rename')}>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('design.layerList.rename')}
            onClick={() => (active ? setRenaming(active.id) : refused('no-layer'))}
          />
        </Tooltip>
        <Tooltip title={t('design.layerList.delete')}>
          <Button
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('design.layerList.delete')}
            onClick={() => {
              const name = active?.name;
              if (!refused(deleteActiveLayer(editor))) void message.success(t('design.layerList.deleted', { name }));
            }}
          />
        </Tooltip>
        <Button
          size="small"
          className="layer-list__move-here"
          onClick={() => {
            if (!refused(moveSelectionToActiveLayer(editor)))
              void message.success(t('design.layerList.moved', { name: active?.name }));
          }}
        >
          {t('design.layerList.moveHere')}
        </Button>
      </div>
      <LayerPalette />
      <LayerCraftSection />
    </aside>
  );
}

/** What a dragged row carries: the layer's id, under a type only this list reads. */
const DRAG_TYPE = 'application/x-kerf-layer';

interface RowProps {
  layer: Layer;
  dropTarget: boolean;
  onDragOver(): void;
  onDragEnd(): void;
  onDrop(draggedId: string): void;
  count: number;
  active: boolean;
  renaming: boolean;
  onPick(): void;
  onStartRename(): void;
  onRename(name: string): void;
  onCancelRename(): void;
  onToggleHidden(): void;
  onToggleLocked(): void;
}

function LayerRow({ layer, count, active, renaming, dropTarget, ...on }: RowProps) {
  const { t } = useTranslation();
  const name = { name: layer.name };
  return (
    <li
      className={`layer-list__row${active ? ' is-active' : ''}${layer.hidden ? ' is-hidden' : ''}${dropTarget ? ' is-drop-target' : ''}`}
      data-layer-id={layer.id}
      draggable={!renaming}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, layer.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
        e.preventDefault();
        on.onDragOver();
      }}
      onDragEnd={on.onDragEnd}
      onDrop={(e) => {
        const dragged = e.dataTransfer.getData(DRAG_TYPE);
        if (!dragged) return;
        e.preventDefault();
        on.onDrop(dragged);
      }}
    >
      {renaming ? (
        <Input
          size="small"
          autoFocus
          defaultValue={layer.name}
          maxLength={64}
          aria-label={t('design.layerList.nameLabel')}
          onPressEnter={(e) => on.onRename(e.currentTarget.value)}
          onBlur={on.onCancelRename}
          onKeyDown={(e) => e.key === 'Escape' && on.onCancelRename()}
          className="layer-list__name-input"
        />
      ) : (
        <button
          type="button"
          className="layer-list__pick"
          aria-pressed={active}
          onClick={on.onPick}
          onDoubleClick={on.onStartRename}
        >
          <span className="layer-list__swatch" style={{ background: layer.color }} />
          <span className="layer-list__name">{layer.name}</span>
          <span className="layer-list__count" title={t('design.layerList.shapes', { count })}>
            {count}
          </span>
        </button>
      )}
      <Tooltip title={t(layer.hidden ? 'design.layerList.show' : 'design.layerList.hide', name)} mouseEnterDelay={0.4}>
        <button
          type="button"
          className={`layer-list__flag${layer.hidden ? ' is-on' : ''}`}
          aria-label={t(layer.hidden ? 'design.layerList.show' : 'design.layerList.hide', name)}
          aria-pressed={!!layer.hidden}
          onClick={on.onToggleHidden}
        >
          {layer.hidden ? <EyeInvisibleOutlined /> : <EyeOutlined />}
        </button>
      </Tooltip>
      <Tooltip
        title={t(layer.locked ? 'design.layerList.unlock' : 'design.layerList.lock', name)}
        mouseEnterDelay={0.4}
      >
        <button
          type="button"
          className={`layer-list__flag${layer.locked ? ' is-on' : ''}`}
          aria-label={t(layer.locked ? 'design.layerList.unlock' : 'design.layerList.lock', name)}
          aria-pressed={!!layer.locked}
          onClick={on.onToggleLocked}
        >
          {layer.locked ? <LockOutlined /> : <UnlockOutlined />}
        </button>
      </Tooltip>
    </li>
  );
}
