import { createDocument, createLayer, type KerfDocument, type Matrix, type Shape } from '@kerf/laser';
import { type Draft, enablePatches, Immer, type Patch } from 'immer';
import type { Camera, Viewport } from '../camera';
import { History, type HistorySnapshot } from './history';

enablePatches();
/**
 * Documents can hold tens of thousands of paths: freezing every new tree deeply would cost more than
 * the edit. Nothing mutates them outside a recipe, which the store alone runs.
 */
const immer = new Immer({ autoFreeze: false });

export type ToolId =
  | 'select'
  | 'pan'
  | 'line'
  | 'rect'
  | 'ellipse'
  | 'polygon'
  | 'star'
  | 'pen'
  | 'node'
  | 'text'
  | 'tab';

export interface SnapSettings {
  enabled: boolean;
  grid: boolean;
  /** Object points: corners, centres, vertices. */
  objects: boolean;
  /** Grid pitch, mm. */
  gridSize: number;
  /** How near, in screen pixels, a point is caught. */
  radius: number;
}

/** What the drawing tools make (set in the properties bar while a tool is active). */
export interface ShapeSettings {
  /** Rectangle corner radius, mm. */
  cornerRadius: number;
  polygonSides: number;
  starPoints: number;
  /** Star inner radius as a fraction of the outer one. */
  starInnerRatio: number;
  /** Text height (em size), mm. */
  fontSize: number;
}

export const DEFAULT_SHAPE_SETTINGS: ShapeSettings = {
  cornerRadius: 0,
  polygonSides: 6,
  starPoints: 5,
  starInnerRatio: 0.5,
  fontSize: 10,
};

/** Text being typed: where its baseline starts, and the text shape it replaces when editing one. */
export interface TextEntry {
  at: { x: number; y: number };
  shapeId: string | null;
  text: string;
}

/** A move, scale or rotation being dragged: drawn, not yet in the document (one step on release). */
export interface TransformPreview {
  ids: ReadonlySet<string>;
  /** Document-space transform applied on top of each shape's own. */
  matrix: Matrix;
}

/**
 * Shapes a dialog shows on the canvas before they are applied (an array being set up): drawn in place of
 * the document's shapes `hides`, never part of the document or its history.
 */
export interface ShapesPreview {
  hides: ReadonlySet<string>;
  shapes: readonly Shape[];
}

export interface EditorState {
  doc: KerfDocument;
  /** Ids of selected top-level shapes, in selection order. */
  selection: readonly string[];
  camera: Camera;
  viewport: Viewport;
  toolId: ToolId;
  /** The layer new shapes go on. */
  activeLayerId: string;
  snap: SnapSettings;
  shapeSettings: ShapeSettings;
  showGrid: boolean;
  preview: TransformPreview | null;
  shapesPreview: ShapesPreview | null;
  textEntry: TextEntry | null;
  /** Bumps on every document change (undoable or not), for caches keyed by version. */
  docVersion: number;
}

export const DEFAULT_SNAP: SnapSettings = { enabled: true, grid: true, objects: true, gridSize: 10, radius: 8 };

/** A new drawing: a 400 × 400 mm work area and one cut layer. */
export function blankDocument(): KerfDocument {
  return createDocument({ layers: [createLayer({ id: 'L1', name: 'C00', color: '#000000' })] });
}

type Listener = (state: EditorState, previous: EditorState) => void;

/**
 * The editor's state outside React. Document changes go through `change`, which records them as
 * patches for undo and redo; everything else (camera, selection, tool) is set directly. React reads
 * slices through `subscribe` (see hooks/use-editor-state.ts).
 */
export class EditorStore {
  private state: EditorState;
  private readonly listeners = new Set<Listener>();
  readonly history: History;

  constructor(init: Partial<EditorState> = {}, history?: HistorySnapshot) {
    const doc = init.doc ?? blankDocument();
    this.state = {
      doc,
      selection: [],
      camera: { x: 40, y: 40, zoom: 2 },
      viewport: { width: 1000, height: 700 },
      toolId: 'select',
      activeLayerId: doc.layers[0]?.id ?? 'L1',
      snap: DEFAULT_SNAP,
      shapeSettings: DEFAULT_SHAPE_SETTINGS,
      showGrid: true,
      preview: null,
      shapesPreview: null,
      textEntry: null,
      docVersion: 0,
      ...init,
    };
    this.history = new History(history);
  }

  get(): EditorState {
    return this.state;
  }

  get doc(): KerfDocument {
    return this.state.doc;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sets state that is not part of the document's history (camera, tool, selection, settings). */
  set(patch: Partial<Omit<EditorState, 'doc' | 'docVersion'>>) {
    this.commit({ ...this.state, ...patch });
  }

  /**
   * Changes the document in one undoable step. `recipe` edits a draft (immer); `selection` is the
   * selection after the step (unchanged when omitted). A recipe that changes nothing records nothing.
   */
  change(label: string, recipe: (draft: Draft<KerfDocument>) => void, selection?: readonly string[]): boolean {
    const [doc, patches, inverse] = immer.produceWithPatches(this.state.doc, recipe);
    const selectionAfter = selection ?? this.state.selection;
    if (patches.length === 0) {
      if (selection) this.set({ selection });
      return false;
    }
    this.history.push({ label, patches, inverse, selectionBefore: this.state.selection, selectionAfter });
    this.commit({
      ...this.state,
      doc,
      selection: selectionAfter,
      preview: null,
      docVersion: this.state.docVersion + 1,
    });
    return true;
  }

  /** Replaces the whole document (open, a draft brought back): history starts again, or from `history`. */
  load(doc: KerfDocument, history?: HistorySnapshot) {
    this.history.reset(history);
    this.commit({
      ...this.state,
      doc,
      selection: [],
      preview: null,
      activeLayerId: doc.layers.some((l) => l.id === this.state.activeLayerId)
        ? this.state.activeLayerId
        : (doc.layers[0]?.id ?? 'L1'),
      docVersion: this.state.docVersion + 1,
    });
  }

  undo(): boolean {
    const entry = this.history.takeUndo();
    if (!entry) return false;
    this.applyEntry(entry.inverse, entry.selectionBefore);
    return true;
  }

  redo(): boolean {
    const entry = this.history.takeRedo();
    if (!entry) return false;
    this.applyEntry(entry.patches, entry.selectionAfter);
    return true;
  }

  private applyEntry(patches: Patch[], selection: readonly string[]) {
    const doc = immer.applyPatches(this.state.doc, patches);
    this.commit({ ...this.state, doc, selection, preview: null, docVersion: this.state.docVersion + 1 });
  }

  private commit(next: EditorState) {
    const previous = this.state;
    this.state = next;
    for (const listener of this.listeners) listener(next, previous);
  }
}
