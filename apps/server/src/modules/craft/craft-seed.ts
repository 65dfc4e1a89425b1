import { type CraftInput, type CraftInputDraft, type CraftPassInput, craftInputSchema } from '@kerf/contract';

/**
 * The standard library's first contents: common materials on common CO2 (gas) and fibre machines, as
 * starting values that shops then tune on their own machines (the rows are flagged as such, and an
 * edit clears the flag). Figures are typical published starting points, in percent of rated power
 * and mm/s.
 */

const STARTING = '起始参数，请先在废料上测试后调整。Starting values: test on scrap first and adjust.';

const cut = (
  minPower: number,
  maxPower: number,
  speed: number,
  more: Partial<CraftPassInput> = {},
): CraftPassInput => ({
  mode: 'cut',
  minPower,
  maxPower,
  speed,
  airAssist: true,
  ...more,
});
const fill = (
  minPower: number,
  maxPower: number,
  speed: number,
  more: Partial<CraftPassInput> = {},
): CraftPassInput => ({
  mode: 'fill',
  minPower,
  maxPower,
  speed,
  interval: 0.1,
  bidirectional: true,
  overscan: 2.5,
  ...more,
});
const image = (minPower: number, maxPower: number, speed: number, dpi: number, dither: string): CraftPassInput => ({
  mode: 'image',
  minPower,
  maxPower,
  speed,
  interval: Math.round((25.4 / dpi) * 1000) / 1000,
  bidirectional: true,
  overscan: 2.5,
  bitmap: { dither: dither as 'jarvis', dpiX: dpi, dpiY: dpi },
});

type Machine = Pick<CraftInputDraft, 'laserType' | 'powerClass'>;
const CO2_60: Machine = { laserType: 'gas', powerClass: 60 };
const CO2_100: Machine = { laserType: 'gas', powerClass: 100 };
const FIBER_20: Machine = { laserType: 'fiber', powerClass: 20 };
const FIBER_30: Machine = { laserType: 'fiber', powerClass: 30 };
const FIBER_50: Machine = { laserType: 'fiber', powerClass: 50 };

const craft = (
  machine: Machine,
  material: string,
  thickness: number | null,
  name: string,
  passes: CraftPassInput[],
): CraftInputDraft => ({ ...machine, material, thickness, name, description: STARTING, passes });

const PLYWOOD = '椴木胶合板 Basswood plywood';
const MDF = '中密度纤维板 MDF';
const ACRYLIC = '亚克力 Cast acrylic';
const LEATHER = '植鞣皮革 Veg-tan leather';
const PAPER = '卡纸 Cardstock';
const ALUMINIUM = '阳极氧化铝 Anodised aluminium';
const STEEL = '不锈钢 Stainless steel';

const DRAFTS: CraftInputDraft[] = [
  craft(CO2_60, PLYWOOD, 3, '切割 Cut', [cut(55, 65, 15)]),
  craft(CO2_60, PLYWOOD, 6, '切割 Cut', [cut(60, 70, 8, { repeat: 2, zStep: 1 })]),
  craft(CO2_60, PLYWOOD, null, '填充雕刻 Fill engrave', [fill(18, 25, 300)]),
  craft(CO2_60, PLYWOOD, null, '照片雕刻 Photo engrave', [image(10, 25, 250, 254, 'jarvis')]),
  craft(CO2_60, PLYWOOD, 3, '划线 Score', [cut(15, 20, 60, { airAssist: false })]),
  craft(CO2_60, MDF, 3, '切割 Cut', [cut(60, 65, 12)]),
  craft(CO2_60, MDF, null, '填充雕刻 Fill engrave', [fill(20, 25, 350)]),
  craft(CO2_60, ACRYLIC, 3, '切割 Cut', [cut(60, 65, 10, { airAssist: false })]),
  craft(CO2_60, ACRYLIC, 5, '切割 Cut', [cut(65, 70, 6, { airAssist: false })]),
  craft(CO2_60, ACRYLIC, null, '填充雕刻 Fill engrave', [fill(15, 20, 400, { interval: 0.08 })]),
  craft(CO2_60, LEATHER, 2, '雕刻并切割 Engrave then cut', [fill(12, 15, 300), cut(40, 45, 20)]),
  craft(CO2_60, PAPER, 0.3, '切割 Cut', [cut(10, 12, 80, { airAssist: false })]),
  craft(CO2_100, PLYWOOD, 6, '切割 Cut', [cut(50, 60, 15)]),
  craft(CO2_100, MDF, 6, '切割 Cut', [cut(60, 65, 10, { repeat: 2, zStep: 1.5 })]),
  craft(CO2_100, ACRYLIC, 10, '切割 Cut', [cut(80, 90, 3, { airAssist: false })]),
  craft(FIBER_20, ALUMINIUM, null, '白色打标 White mark', [
    fill(50, 50, 1000, { frequency: 30_000, pulseWidth: 200, interval: 0.03, overscan: 0 }),
  ]),
  craft(FIBER_30, ALUMINIUM, null, '白色打标 White mark', [
    fill(35, 35, 1500, { frequency: 40_000, pulseWidth: 200, interval: 0.03, overscan: 0 }),
  ]),
  craft(FIBER_30, STEEL, null, '黑色打标 Black mark', [
    fill(60, 60, 500, { frequency: 30_000, pulseWidth: 200, interval: 0.02, overscan: 0 }),
  ]),
  craft(FIBER_50, STEEL, null, '深雕 Deep engrave', [
    fill(90, 90, 800, { frequency: 20_000, interval: 0.03, repeat: 10, crossHatch: true, overscan: 0 }),
    fill(40, 40, 2000, { frequency: 60_000, interval: 0.02, angle: 45, overscan: 0 }),
  ]),
  craft(FIBER_50, STEEL, 0.5, '切割 Cut', [cut(100, 100, 20, { frequency: 20_000, repeat: 20, airAssist: false })]),
];

/** Validated once at load, so a typo here fails every test run rather than a customer's first start. */
export const STANDARD_SEED: readonly CraftInput[] = DRAFTS.map((draft) => craftInputSchema.parse(draft));
