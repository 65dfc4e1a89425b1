import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import {
  bracketMatching,
  defaultHighlightStyle,
  foldGutter,
  foldKeymap,
  indentOnInput,
  indentUnit,
  syntaxHighlighting,
} from '@codemirror/language';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  crosshairCursor,
  drawSelection,
  dropCursor,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  rectangularSelection,
} from '@codemirror/view';
import { useEffect, useRef } from 'react';
import type { EditorModeId } from '../model/editor-modes';
import { TAB_SIZE } from '../model/editor-settings-store';
import { LANGUAGE_LOADERS } from './language-loaders';
import { loadEditorTheme } from './theme-loaders';

export interface CursorInfo {
  line: number;
  column: number;
  selected: number;
  lines: number;
}

export interface CodeEditorViewProps {
  /** The content; taken whenever `revision` changes (loading, reloading), not on every edit. */
  text: string;
  revision: number;
  /** The file's own line break, so the text goes back exactly as it came. */
  lineSeparator: string;
  mode: EditorModeId;
  readOnly: boolean;
  fontSize: number;
  themeId: string;
  lineWrapping: boolean;
  label: string;
  onChange(text: string): void;
  onCursor?(cursor: CursorInfo): void;
  /** How far down the text is scrolled, 0 to 1 (the markdown preview follows it). */
  onScrollRatio?(ratio: number): void;
}

/** What every editor has: gutters, history, search, folding, bracket matching, tab 4 (SPEC §9). */
function basics(): Extension {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    foldGutter(),
    drawSelection(),
    dropCursor(),
    EditorState.allowMultipleSelections.of(true),
    indentOnInput(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    bracketMatching(),
    rectangularSelection(),
    crosshairCursor(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    EditorState.tabSize.of(TAB_SIZE),
    indentUnit.of(' '.repeat(TAB_SIZE)),
    keymap.of([...defaultKeymap, ...searchKeymap, ...historyKeymap, ...foldKeymap, indentWithTab]),
  ];
}

const fontTheme = (size: number) =>
  EditorView.theme({
    '&': { fontSize: `${size}px` },
    '.cm-content, .cm-gutters': { fontSize: `${size}px` },
  });

const cursorOf = (state: EditorState): CursorInfo => {
  const main = state.selection.main;
  const line = state.doc.lineAt(main.head);
  return {
    line: line.number,
    column: main.head - line.from + 1,
    selected: state.selection.ranges.reduce((sum, r) => sum + (r.to - r.from), 0),
    lines: state.doc.lines,
  };
};

/**
 * CodeMirror 6 in React. The view is made once; the options (theme, font size, wrapping, read-only,
 * language) live in compartments and change in place, so the text, the cursor and the undo history
 * survive a change of option. A new `revision` (the file loaded again) rebuilds the state from the text.
 */
export function CodeEditorView(props: CodeEditorViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const parts = useRef({
    language: new Compartment(),
    theme: new Compartment(),
    font: new Compartment(),
    wrap: new Compartment(),
    readOnly: new Compartment(),
    label: new Compartment(),
  }).current;
  /** The highlighter and theme in use, for a state rebuilt after a reload. */
  const loaded = useRef<{ language: Extension; theme: Extension }>({ language: [], theme: [] });

  const stateFor = (text: string) => {
    const p = latest.current;
    return EditorState.create({
      doc: text,
      extensions: [
        EditorState.lineSeparator.of(p.lineSeparator),
        basics(),
        parts.language.of(loaded.current.language),
        parts.theme.of(loaded.current.theme),
        parts.font.of(fontTheme(p.fontSize)),
        parts.wrap.of(p.lineWrapping ? EditorView.lineWrapping : []),
        parts.readOnly.of(EditorState.readOnly.of(p.readOnly)),
        parts.label.of(EditorView.contentAttributes.of({ 'aria-label': p.label })),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) latest.current.onChange(update.state.sliceDoc());
          if (update.docChanged || update.selectionSet) latest.current.onCursor?.(cursorOf(update.state));
        }),
      ],
    });
  };

  // the view, once
  // biome-ignore lint/correctness/useExhaustiveDependencies: made once; later props arrive through compartments
  useEffect(() => {
    if (!host.current) return;
    const state = stateFor(latest.current.text);
    const made = new EditorView({ state, parent: host.current });
    view.current = made;
    latest.current.onCursor?.(cursorOf(state));
    made.focus();
    const scroller = made.scrollDOM;
    const onScroll = () => {
      const room = scroller.scrollHeight - scroller.clientHeight;
      latest.current.onScrollRatio?.(room > 0 ? scroller.scrollTop / room : 0);
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      made.destroy();
      view.current = null;
    };
  }, []);

  // a reload: the new text, a fresh history
  const shownRevision = useRef(props.revision);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new revision replaces the text
  useEffect(() => {
    const v = view.current;
    if (!v || shownRevision.current === props.revision) return;
    shownRevision.current = props.revision;
    v.setState(stateFor(props.text));
    latest.current.onCursor?.(cursorOf(v.state));
  }, [props.revision]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: compartments are stable
  useEffect(() => {
    let current = true;
    void LANGUAGE_LOADERS[props.mode]()
      .catch(() => [])
      .then((extension) => {
        if (!current) return;
        loaded.current.language = extension;
        view.current?.dispatch({ effects: parts.language.reconfigure(extension) });
      });
    return () => {
      current = false;
    };
  }, [props.mode]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: compartments are stable
  useEffect(() => {
    let current = true;
    void loadEditorTheme(props.themeId)
      .catch(() => [])
      .then((extension) => {
        if (!current) return;
        loaded.current.theme = extension;
        view.current?.dispatch({ effects: parts.theme.reconfigure(extension) });
      });
    return () => {
      current = false;
    };
  }, [props.themeId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: compartments are stable
  useEffect(() => {
    view.current?.dispatch({ effects: parts.font.reconfigure(fontTheme(props.fontSize)) });
  }, [props.fontSize]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: compartments are stable
  useEffect(() => {
    view.current?.dispatch({ effects: parts.wrap.reconfigure(props.lineWrapping ? EditorView.lineWrapping : []) });
  }, [props.lineWrapping]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: compartments are stable
  useEffect(() => {
    view.current?.dispatch({ effects: parts.readOnly.reconfigure(EditorState.readOnly.of(props.readOnly)) });
  }, [props.readOnly]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: compartments are stable
  useEffect(() => {
    view.current?.dispatch({
      effects: parts.label.reconfigure(EditorView.contentAttributes.of({ 'aria-label': props.label })),
    });
  }, [props.label]);

  return (
    <div
      ref={host}
      className="code-editor-view"
      data-mode={props.mode}
      data-theme={props.themeId}
      data-font-size={props.fontSize}
      data-wrap={props.lineWrapping ? 'on' : 'off'}
      data-readonly={props.readOnly ? 'true' : 'false'}
    />
  );
}
