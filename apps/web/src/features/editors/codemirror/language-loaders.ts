import { StreamLanguage, type StreamParser } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import type { EditorModeId } from '../model/editor-modes';

/**
 * The highlighter of each editor mode, loaded when a file of that mode is first opened: a Lezer grammar
 * where CodeMirror has one, a classic stream mode (legacy-modes) for the rest, our own for G-code.
 */
const legacy = <S>(parser: StreamParser<S>): Extension => StreamLanguage.define(parser);

export const LANGUAGE_LOADERS: Record<EditorModeId, () => Promise<Extension>> = {
  c: async () => (await import('@codemirror/lang-cpp')).cpp(),
  cpp: async () => (await import('@codemirror/lang-cpp')).cpp(),
  csharp: async () => legacy((await import('@codemirror/legacy-modes/mode/clike')).csharp),
  objectivec: async () => legacy((await import('@codemirror/legacy-modes/mode/clike')).objectiveC),
  go: async () => (await import('@codemirror/lang-go')).go(),
  kotlin: async () => legacy((await import('@codemirror/legacy-modes/mode/clike')).kotlin),
  css: async () => (await import('@codemirror/lang-css')).css(),
  less: async () => (await import('@codemirror/lang-less')).less(),
  php: async () => (await import('@codemirror/lang-php')).php(),
  powershell: async () => legacy((await import('@codemirror/legacy-modes/mode/powershell')).powerShell),
  python: async () => (await import('@codemirror/lang-python')).python(),
  properties: async () => legacy((await import('@codemirror/legacy-modes/mode/properties')).properties),
  r: async () => legacy((await import('@codemirror/legacy-modes/mode/r')).r),
  rust: async () => (await import('@codemirror/lang-rust')).rust(),
  scss: async () => (await import('@codemirror/lang-sass')).sass({ indented: false }),
  sass: async () => (await import('@codemirror/lang-sass')).sass({ indented: true }),
  shell: async () => legacy((await import('@codemirror/legacy-modes/mode/shell')).shell),
  stylus: async () => legacy((await import('@codemirror/legacy-modes/mode/stylus')).stylus),
  xml: async () => (await import('@codemirror/lang-xml')).xml(),
  html: async () => (await import('@codemirror/lang-html')).html(),
  http: async () => legacy((await import('@codemirror/legacy-modes/mode/http')).http),
  nginx: async () => legacy((await import('@codemirror/legacy-modes/mode/nginx')).nginx),
  java: async () => (await import('@codemirror/lang-java')).java(),
  javascript: async () => (await import('@codemirror/lang-javascript')).javascript({ jsx: true }),
  typescript: async () => (await import('@codemirror/lang-javascript')).javascript({ typescript: true, jsx: true }),
  json: async () => (await import('@codemirror/lang-json')).json(),
  // JSP pages are HTML with Java in <% %>: the HTML grammar colours the page around it
  jsp: async () => (await import('@codemirror/lang-html')).html(),
  text: async () => [],
  vue: async () => (await import('@codemirror/lang-vue')).vue(),
  sql: async () => (await import('@codemirror/lang-sql')).sql(),
  swift: async () => legacy((await import('@codemirror/legacy-modes/mode/swift')).swift),
  yaml: async () => (await import('@codemirror/lang-yaml')).yaml(),
  toml: async () => legacy((await import('@codemirror/legacy-modes/mode/toml')).toml),
  markdown: async () => (await import('@codemirror/lang-markdown')).markdown(),
  gcode: async () => legacy((await import('../model/gcode-parser')).gcodeParser),
};
