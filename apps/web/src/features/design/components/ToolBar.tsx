import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorState } from '../hooks/use-editor';
import { TOOL_KEYS } from '../model/keyboard';
import type { ToolId } from '../model/store/editor-store';
import { ToolIcon } from './tool-icons';

const TOOLS: readonly ToolId[] = [
  'select',
  'node',
  'pan',
  'line',
  'pen',
  'rect',
  'ellipse',
  'polygon',
  'star',
  'text',
  'tab',
];
const keyOf = (tool: ToolId) =>
  Object.entries(TOOL_KEYS)
    .find(([, id]) => id === tool)?.[0]
    ?.toUpperCase();

/** The tools down the left edge, each with its name and key in a tooltip. */
export function ToolBar() {
  const { t } = useTranslation();
  const editor = useEditor();
  const active = useEditorState((s) => s.toolId);
  return (
    <nav className="design-toolbar" aria-label={t('design.toolbar.label')}>
      {TOOLS.map((tool) => {
        // the tab tool's name lives with the layer list's texts
        const label = tool === 'tab' ? t('design.layerList.tabTool') : t(`design.tools.${tool}`);
        return (
          <Tooltip
            key={tool}
            title={tool === 'tab' ? t('design.layerList.tabToolHint') : `${label} (${keyOf(tool)})`}
            placement="right"
          >
            <Button
              type={active === tool ? 'primary' : 'text'}
              aria-label={label}
              aria-pressed={active === tool}
              icon={<ToolIcon tool={tool} />}
              onClick={() => editor.setTool(tool)}
            />
          </Tooltip>
        );
      })}
    </nav>
  );
}
