import type { Catalogue } from './en';
import type { pluginRunZhCN } from './plugin-run.zh-CN';

/** Running plugins: the /plugin page and the editor's plugins menu (same keys as plugin-run.zh-CN.ts). */
export const pluginRunEn: Catalogue<typeof pluginRunZhCN> = {
  route: {
    title: 'Run a plugin',
  },
  picker: {
    title: 'Plugins',
    intro:
      'Plugins are small programs that draw shapes: set the parameters, look at the preview, export SVG or DXF, or open it in the editor.',
    empty: 'No plugins yet',
    builtin: 'Built-in',
    run: 'Run',
    manage: 'Manage plugins',
    loadFailed: 'The plugins could not be loaded: {{reason}}',
  },
  header: {
    author: 'By {{author}}',
    version: 'Version {{version}}',
    permissions: 'Asks to: {{list}}',
    back: 'All plugins',
  },
  params: {
    title: 'Parameters',
    reset: 'Reset to defaults',
    none: 'This plugin has no parameters',
    required: 'Fill this in',
    notWhole: 'Enter a whole number',
    belowMin: 'At least {{min}}',
    aboveMax: 'At most {{max}}',
    tooLong: 'At most {{maxLength}} characters',
    notOption: 'Choose one',
  },
  preview: {
    title: 'Preview',
    running: 'Drawing…',
    waiting: 'The preview shows once the parameters are filled in',
    empty: 'The plugin drew nothing',
    size: '{{width}} × {{height}} mm',
    shapes: '{{count}} shapes',
    shapes_one: '{{count}} shape',
    stale: 'A parameter is not valid; this is the last result',
  },
  actions: {
    exportSvg: 'Export SVG',
    exportDxf: 'Export DXF',
    openEditor: 'Open in editor',
  },
  load: {
    notFound: 'No plugin “{{id}}”',
    failed: 'The plugin could not be loaded: {{reason}}',
    withdrawn: 'This plugin’s version was withdrawn and no longer runs',
  },
  editor: {
    menu: 'Plugins',
    manage: 'Manage plugins…',
    none: 'No plugins enabled',
    loadFailed: 'The plugins could not be loaded',
    insert: 'Insert',
    cancel: 'Cancel',
    inserted: '{{count}} shapes inserted',
    inserted_one: '{{count}} shape inserted',
    readsSelection: 'This plugin reads the selected shapes ({{count}} selected)',
    placementFree: 'Goes to the top-left of the visible canvas',
    placementDocument: 'Goes where it was drawn',
    opened: 'The plugin’s shapes were inserted',
    handoffMissing: 'The plugin result has expired; make it again on the plugin page',
  },
  history: {
    insert: 'Insert plugin shapes',
  },
};
