import {
  type CraftBitmap,
  type CraftInput,
  type CraftLaserType,
  type CraftMode,
  type CraftPass,
  craftBitmapSchema,
  craftInputSchema,
  craftIssueText,
  craftPassSchema,
  type LightburnKeep,
  type Locale,
} from '@kerf/contract';

/**
 * The craft form's values and their way to and from the API's `CraftInput`. The rules are the
 * contract's `craftInputSchema`, run as is: this file only turns the form's shape (empty number boxes
 * are null, bitmap settings kept while a pass is not an image) into the schema's and places each
 * broken rule on the field it is about, in the reader's language.
 */

type Nullable<T> = { [K in keyof T]: T[K] extends number ? number | null : T[K] };

export type BitmapFormValues = Nullable<CraftBitmap>;

export type PassFormValues = Nullable<Omit<CraftPass, 'bitmap' | 'lightburn'>> & {
  /** Kept while the mode is not image, so switching back and forth loses nothing. */
  bitmap: BitmapFormValues;
  /** What a LightBurn import carried that Kerf does not use; kept so an export gives it back. */
  lightburn?: LightburnKeep;
};

export interface CraftFormValues {
  material: string;
  /** null: any thickness. */
  thickness: number | null;
  machineModel: string;
  laserType: CraftLaserType;
  powerClass: number | null;
  name: string;
  description: string;
  passes: PassFormValues[];
  lightburn?: CraftInput['lightburn'];
}

export const BITMAP_DEFAULTS: Readonly<CraftBitmap> = Object.freeze(craftBitmapSchema.parse({}));

/** Where a new pass starts, per mode (the schema fills in everything else). */
const STARTING_POINT: Record<CraftMode, Pick<CraftPass, 'minPower' | 'maxPower' | 'speed'>> = {
  cut: { minPower: 50, maxPower: 60, speed: 10 },
  fill: { minPower: 20, maxPower: 30, speed: 200 },
  image: { minPower: 10, maxPower: 30, speed: 200 },
};

function passValuesOf(pass: CraftPass): PassFormValues {
  const { bitmap, lightburn, ...rest } = pass;
  return { ...rest, bitmap: { ...BITMAP_DEFAULTS, ...bitmap }, ...(lightburn ? { lightburn } : {}) };
}

export function newPassValues(mode: CraftMode = 'cut'): PassFormValues {
  return passValuesOf(craftPassSchema.parse({ mode, ...STARTING_POINT[mode] }));
}

/** The form filled from a craft, or blank for a new one (with `prefill`, e.g. the filtered material). */
export function formValuesOf(craft?: CraftInput, prefill: Partial<CraftFormValues> = {}): CraftFormValues {
  if (!craft) {
    return {
      material: '',
      thickness: null,
      machineModel: '',
      laserType: 'gas',
      powerClass: 60,
      name: '',
      description: '',
      passes: [newPassValues()],
      ...prefill,
    };
  }
  return {
    material: craft.material,
    thickness: craft.thickness,
    machineModel: craft.machineModel,
    laserType: craft.laserType,
    powerClass: craft.powerClass,
    name: craft.name,
    description: craft.description,
    passes: craft.passes.map(passValuesOf),
    ...(craft.lightburn ? { lightburn: craft.lightburn } : {}),
  };
}

/** An empty number box is "not given": the schema then applies its default, or names the missing value. */
function withoutNulls<T extends object>(values: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value ?? undefined]));
}

/** The form as the schema's input: bitmap settings only on image passes. */
export function draftOf(values: CraftFormValues): unknown {
  const { passes, thickness, lightburn, ...rest } = values;
  return {
    ...withoutNulls(rest),
    thickness: thickness ?? null,
    passes: (passes ?? []).map(({ bitmap, lightburn: keep, ...pass }) => ({
      ...withoutNulls(pass),
      ...(pass.mode === 'image' ? { bitmap: withoutNulls(bitmap ?? BITMAP_DEFAULTS) } : {}),
      ...(keep ? { lightburn: keep } : {}),
    })),
    ...(lightburn ? { lightburn } : {}),
  };
}

export type FieldPath = Array<string | number>;

export interface FieldProblem {
  name: FieldPath;
  message: string;
}

export type FormCheck = { ok: true; input: CraftInput } | { ok: false; problems: FieldProblem[] };

export const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('.');

/** Runs the contract's rules on the form: the craft to send, or each broken rule once per field. */
export function checkCraftForm(values: CraftFormValues, locale: Locale): FormCheck {
  const parsed = craftInputSchema.safeParse(draftOf(values));
  if (parsed.success) return { ok: true, input: parsed.data };
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const issue of parsed.error.issues) {
    const name = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
    const key = pathKey(name);
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ name, message: craftIssueText(issue.message, locale) });
  }
  return { ok: false, problems };
}
