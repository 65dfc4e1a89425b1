import type { Editor } from '../editor';
import type { ToolId } from '../store/editor-store';
import { LineTool } from './line-tool';
import { NodeTool } from './node-tool';
import { PenTool } from './pen-tool';
import { SelectTool } from './select-tool';
import { buildEllipse, buildPolygon, buildRect, buildStar, ShapeDragTool } from './shape-drag-tool';
import { TabTool } from './tab-tool';
import { TextTool } from './text-tool';
import type { Tool } from './tool';

/** The pan tool: the editor pans any drag while it is active, so the tool itself does nothing. */
const panTool: Tool = { id: 'pan', cursor: 'grab' };

export function createTools(editor: Editor): Record<ToolId, Tool> {
  return {
    select: new SelectTool(editor),
    pan: panTool,
    line: new LineTool(editor),
    rect: new ShapeDragTool('rect', editor, buildRect),
    ellipse: new ShapeDragTool('ellipse', editor, buildEllipse),
    polygon: new ShapeDragTool('polygon', editor, buildPolygon),
    star: new ShapeDragTool('star', editor, buildStar),
    pen: new PenTool(editor),
    node: new NodeTool(editor),
    text: new TextTool(editor),
    tab: new TabTool(editor),
  };
}
