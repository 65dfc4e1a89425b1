import { type CraftInput, type CraftPass, craftInputSchema } from '@kerf/contract';
import type { KerfDocument, Layer } from '@kerf/laser';
import type { Draft } from 'immer';

/**
 * Crafts (the craft libraries' laser parameters) on the editor's layers. A craft states power in percent
 * of its laser's rated power (its power class) and a layer in watts (SPEC §3), so applying one turns
 * percent into watts of that power class, and saving a layer as a craft turns them back.
 */

/** The layer fields a craft pass sets (everything else — colour, output, order, tabs, leads — stays). */
export interface LayerCraftSettings {
  mode: Layer['mode'];
  laserType: Layer['laserType'];
  minPower: number;
  maxPower: number;
  speed: number;
  frequency?: number;
  pulseWidth?: number;
  passes: number;
  fillSettings: Layer['fillSettings'];
  cut: Pick<Layer['cut'], 'kerfOffset' | 'zOffset' | 'zStep' | 'airAssist'>;
}

const watts = (percent: number, powerClass: number) => Math.round(percent * powerClass * 10) / 1000;
const percent = (watt: number, powerClass: number) =>
  Math.min(100, Math.max(0, Math.round((watt / powerClass) * 1000) / 10));

/**
 * The layer settings of one pass of a craft. A frequency or pulse width of 0 means "the machine's own"
 * in a craft, so the layer keeps its value then.
 */
export function layerSettingsOf(craft: CraftInput, passIndex = 0): LayerCraftSettings {
  const pass = craft.passes[passIndex] ?? craft.passes[0]!;
  return {
    mode: pass.mode,
    laserType: craft.laserType,
    minPower: watts(pass.minPower, craft.powerClass),
    maxPower: watts(pass.maxPower, craft.powerClass),
    speed: pass.speed,
    ...(pass.frequency > 0 ? { frequency: pass.frequency } : {}),
    ...(pass.pulseWidth > 0 ? { pulseWidth: pass.pulseWidth } : {}),
    passes: pass.repeat,
    fillSettings: {
      interval: pass.interval,
      angle: pass.angle,
      crossHatch: pass.crossHatch,
      bidirectional: pass.bidirectional,
      overscan: pass.overscan,
    },
    cut: { kerfOffset: pass.kerfOffset, zOffset: pass.zOffset, zStep: pass.zStep, airAssist: pass.airAssist },
  };
}

/**
 * SPEC §5: applying a craft whose mode differs from the selected layer's asks first. The modes, when
 * they differ; null when the craft can be applied without asking.
 */
export function craftModeConflict(
  layer: Pick<Layer, 'mode'>,
  craft: CraftInput,
  passIndex = 0,
): { layer: Layer['mode']; craft: Layer['mode'] } | null {
  const mode = (craft.passes[passIndex] ?? craft.passes[0]!).mode;
  return mode === layer.mode ? null : { layer: layer.mode, craft: mode };
}

/** A document edit (a recipe for `EditorStore.change`, so it is undoable) that applies a craft pass. */
export const applyCraftToLayer =
  (layerId: string, craft: CraftInput, passIndex = 0) =>
  (draft: Draft<KerfDocument>) => {
    const layer = draft.layers.find((l) => l.id === layerId);
    if (!layer) return;
    const { fillSettings, cut, ...fields } = layerSettingsOf(craft, passIndex);
    Object.assign(layer, fields);
    Object.assign(layer.fillSettings, fillSettings);
    Object.assign(layer.cut, cut);
  };

/** What a person says about a layer saved as a craft (the layer itself knows only the settings). */
export interface CraftLabels {
  material: string;
  thickness: number | null;
  name: string;
  powerClass: number;
  machineModel?: string;
  description?: string;
}

/** A layer's settings as a one-pass craft, validated by the craft schema (throws when they break it). */
export function craftFromLayer(layer: Layer, labels: CraftLabels): CraftInput {
  const pass: Partial<CraftPass> = {
    mode: layer.mode,
    minPower: percent(Math.min(layer.minPower, layer.maxPower), labels.powerClass),
    maxPower: percent(layer.maxPower, labels.powerClass),
    speed: layer.speed,
    frequency: layer.frequency,
    pulseWidth: layer.pulseWidth,
    repeat: layer.passes,
    ...layer.fillSettings,
    kerfOffset: layer.cut.kerfOffset,
    zOffset: layer.cut.zOffset,
    zStep: layer.cut.zStep,
    airAssist: layer.cut.airAssist,
  };
  return craftInputSchema.parse({
    material: labels.material,
    thickness: labels.thickness,
    machineModel: labels.machineModel ?? '',
    laserType: layer.laserType,
    powerClass: labels.powerClass,
    name: labels.name,
    description: labels.description ?? '',
    passes: [pass],
  });
}
