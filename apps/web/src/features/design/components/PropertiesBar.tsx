import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorState } from '../hooks/use-editor';
import { rotateSelection, selectionRotation, setSelectionBox } from '../model/actions/selection-actions';
import { boundsOf, shapesOf } from '../model/geometry/shape-geometry';
import { ArrangeButtons } from './ArrangeButtons';
import { BitmapSettingsButton } from './bitmap/BitmapSettingsButton';
import { NumberField } from './NumberField';

/**
 * The bar above the canvas: the selection's X, Y, W, H and rotation (top-left anchored, in mm) with the
 * arrange and path commands; with a shape tool active, that tool's settings instead.
 */
export function PropertiesBar() {
  const { t } = useTranslation();
  const editor = useEditor();
  const doc = useEditorState((s) => s.doc);
  const selection = useEditorState((s) => s.selection);
  const toolId = useEditorState((s) => s.toolId);
  const settings = useEditorState((s) => s.shapeSettings);
  const [lockRatio, setLockRatio] = useState(true);
  const bounds = useMemo(() => boundsOf(shapesOf(doc, selection)), [doc, selection]);
  const mm = t('design.props.unit');
  const setSetting = (patch: Partial<typeof settings>) =>
    editor.store.set({ shapeSettings: { ...settings, ...patch } });

  if (toolId === 'rect' || toolId === 'polygon' || toolId === 'star' || toolId === 'text') {
    return (
      <div className="design-props" role="toolbar" aria-label={t(`design.tools.${toolId}`)}>
        <span className="design-props__title">{t(`design.tools.${toolId}`)}</span>
        {toolId === 'rect' ? (
          <NumberField
            label={t('design.props.cornerRadius')}
            value={settings.cornerRadius}
            min={0}
            suffix={mm}
            onCommit={(v) => setSetting({ cornerRadius: v })}
          />
        ) : null}
        {toolId === 'text' ? (
          <>
            <NumberField
              label={t('design.props.fontSize')}
              value={settings.fontSize}
              min={0.5}
              max={500}
              suffix={mm}
              onCommit={(v) => setSetting({ fontSize: v })}
            />
            <span className="design-props__hint">{t('design.props.textHint')}</span>
          </>
        ) : null}
        {toolId === 'polygon' ? (
          <NumberField
            label={t('design.props.sides')}
            value={settings.polygonSides}
            min={3}
            max={64}
            precision={0}
            onCommit={(v) => setSetting({ polygonSides: v })}
          />
        ) : null}
        {toolId === 'star' ? (
          <>
            <NumberField
              label={t('design.props.points')}
              value={settings.starPoints}
              min={3}
              max={64}
              precision={0}
              onCommit={(v) => setSetting({ starPoints: v })}
            />
            <NumberField
              label={t('design.props.innerRatio')}
              value={settings.starInnerRatio}
              min={0.05}
              max={0.95}
              step={0.05}
              onCommit={(v) => setSetting({ starInnerRatio: v })}
            />
          </>
        ) : null}
      </div>
    );
  }
  if (!bounds) {
    return (
      <div className="design-props" role="toolbar" aria-label={t('design.props.nothingSelected')}>
        <span className="design-props__hint">{t('design.props.nothingSelected')}</span>
      </div>
    );
  }
  const width = bounds.maxX - bounds.minX;
  const height = bounds.maxY - bounds.minY;
  return (
    <div className="design-props" role="toolbar" aria-label={t('design.props.selected', { count: selection.length })}>
      <NumberField
        label={t('design.props.x')}
        value={bounds.minX}
        suffix={mm}
        onCommit={(x) => setSelectionBox(editor, { x })}
      />
      <NumberField
        label={t('design.props.y')}
        value={bounds.minY}
        suffix={mm}
        onCommit={(y) => setSelectionBox(editor, { y })}
      />
      <NumberField
        label={t('design.props.width')}
        value={width}
        min={0.01}
        suffix={mm}
        disabled={width < 1e-9}
        onCommit={(w) => setSelectionBox(editor, { width: w }, lockRatio)}
      />
      <Tooltip title={t('design.props.lockRatio')}>
        <Button
          size="small"
          type="text"
          aria-label={t('design.props.lockRatio')}
          aria-pressed={lockRatio}
          icon={lockRatio ? <LockOutlined /> : <UnlockOutlined />}
          onClick={() => setLockRatio(!lockRatio)}
        />
      </Tooltip>
      <NumberField
        label={t('design.props.height')}
        value={height}
        min={0.01}
        suffix={mm}
        disabled={height < 1e-9}
        onCommit={(h) => setSelectionBox(editor, { height: h }, lockRatio)}
      />
      <NumberField
        label={t('design.props.rotation')}
        value={selectionRotation(editor)}
        suffix="°"
        onCommit={(degrees) => rotateSelection(editor, degrees - selectionRotation(editor))}
      />
      <span className="design-props__divider" />
      <ArrangeButtons />
      <BitmapSettingsButton />
    </div>
  );
}
