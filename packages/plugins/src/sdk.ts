import type { PluginManifest, PluginParamValues } from '@kerf/contract';
import type { Bounds, FontSpec, LayerMode, LeafShape, Matrix, Shape } from '@kerf/laser';

/**
 * What a plugin sees and answers. A plugin's entry script calls `kerf.register({ run })`; `run` gets
 * the parameter values (checked against the manifest) and a context, and returns (or resolves to) a
 * fragment: shapes in millimetres, y down, in document coordinates.
 */

/** A layer the answer's shapes go on: the first is the editor's current layer, the rest map by colour and mode. */
export interface FragmentLayer {
  id: string;
  name?: string;
  /** `#rrggbb`. */
  color?: string;
  mode?: LayerMode;
}

// Distributes over a union of shapes (a plain Omit of a union keeps only the keys they all share).
type Loose<T extends { id: string; transform: Matrix }> = T extends unknown
  ? Omit<T, 'id' | 'transform' | 'layerId' | 'outline'> & {
      id?: string;
      transform?: Matrix;
      /** A fragment layer's id; absent: the first layer. */
      layerId?: string;
    }
  : never;

/** Text needs no outline: the host draws it in the named font (or Kerf's default). */
export type FragmentLeaf =
  | Loose<Exclude<LeafShape, { kind: 'text' }>>
  | (Loose<Extract<LeafShape, { kind: 'text' }>> & { outline?: Extract<LeafShape, { kind: 'text' }>['outline'] });

export interface FragmentGroup {
  kind: 'group';
  id?: string;
  name?: string;
  transform?: Matrix;
  children: FragmentShape[];
}

export type FragmentShape = FragmentLeaf | FragmentGroup;

export interface PluginFragment {
  layers?: FragmentLayer[];
  shapes: FragmentShape[];
  /**
   * `document`: the shapes stay where they are drawn (a plugin working on the selection).
   * `free` (the default): the host places the whole answer where the user is looking.
   */
  placement?: 'document' | 'free';
}

export interface PluginSelection {
  /** The selected leaf shapes, each with its transform to document coordinates. */
  shapes: LeafShape[];
  /** Their bounds in document coordinates; null when nothing is selected. */
  bounds: Bounds | null;
}

export interface PluginContext {
  locale: 'zh-CN' | 'en';
  /** The editor's work area, mm. */
  workArea: { width: number; height: number };
  /** Present when the manifest asks for `selection:read`. */
  selection?: PluginSelection;
  /** Advance widths (mm) of each character of `text` set in `font`, as the host will draw it. */
  measureText(text: string, font: FontSpec): Promise<number[]>;
}

export interface PluginModule {
  run(params: PluginParamValues, context: PluginContext): PluginFragment | Promise<PluginFragment>;
}

/** A built-in plugin: its manifest and its code, testable as a plain function. */
export interface BuiltinPlugin extends PluginModule {
  manifest: PluginManifest;
  /** The icon as SVG text (built-ins carry theirs in code; the server serves it like a package's icon). */
  icon: string;
}

export type { Shape };
