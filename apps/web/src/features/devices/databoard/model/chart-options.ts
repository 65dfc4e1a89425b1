import { DEVICE_RUNTIME_STATES, type DeviceRuntimeState } from '@kerf/contract';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type {
  DeviceFleetNow,
  DeviceJobsPerDay,
  DeviceStateTime,
  DeviceStatsByDevice,
} from '../../../../api/device-api';
import {
  machineLabel,
  STACK_PARTS,
  type StackPart,
  secondsToHours,
  stackParts,
  toPercent,
  utilisationPerDay,
} from './stat-maths';
import { partColour, STATE_COLOUR, tint } from './state-colours';

/** Only the parts the dashboard registers (DataboardChart.tsx), so an option cannot ask for one it lacks. */
export type DataboardChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

/**
 * The figures behind a chart as a table: the canvas says nothing to a screen reader or a test,
 * so each chart also renders these (ChartSummary.tsx). Built from the same numbers as the option.
 */
export interface ChartTable {
  columns: string[];
  rows: Array<Array<string | number>>;
}

export interface ChartModel {
  option: DataboardChartOption;
  table: ChartTable;
}

const NO_VALUE = '–';
const AXIS_TEXT = '#8c96a5';
const SPLIT_LINE = '#f0f2f5';
/** Room at the top for the legend; ECharts 6 keeps axis labels inside the canvas by itself. */
const GRID: GridComponentOption = { left: 8, right: 16, top: 44, bottom: 4 };
const LEGEND: LegendComponentOption = { top: 0, left: 'center', itemWidth: 12, itemHeight: 8, icon: 'roundRect' };

/** 2025-03-02 → 03-02: the year is in the tooltip and rarely changes within a range. */
const shortDate = (date: string) => date.slice(5);
const percentText = (value: number | null) => (value === null ? NO_VALUE : `${value}%`);
const valueText = (unit: string) => (value: unknown) =>
  typeof value === 'number' ? `${value} ${unit}`.trim() : NO_VALUE;

const dateAxis = (dates: string[]) => ({
  type: 'category' as const,
  data: dates,
  axisLabel: { color: AXIS_TEXT, formatter: shortDate },
  axisTick: { alignWithLabel: true },
});

const valueAxis = (name: string, extra: Record<string, unknown> = {}) => ({
  type: 'value' as const,
  name,
  nameTextStyle: { color: AXIS_TEXT, align: 'left' as const },
  axisLabel: { color: AXIS_TEXT },
  splitLine: { lineStyle: { color: SPLIT_LINE } },
  ...extra,
});

/* ---- fleet now ---- */

export interface FleetSlice {
  state: DeviceRuntimeState;
  label: string;
  count: number;
  colour: string;
}

export interface FleetChart {
  option: DataboardChartOption;
  /** Every state, in the contract's order (the card lists them beside the doughnut). */
  slices: FleetSlice[];
  total: number;
}

export interface FleetText {
  states: Record<DeviceRuntimeState, string>;
  seriesName: string;
}

/** Machines per runtime state now, as a doughnut; states with no machine leave no sliver. */
export function fleetChart(fleet: Partial<DeviceFleetNow> | undefined, text: FleetText): FleetChart {
  const slices = DEVICE_RUNTIME_STATES.map((state) => {
    const count = fleet?.[state];
    return {
      state,
      label: text.states[state],
      count: typeof count === 'number' && Number.isFinite(count) && count > 0 ? count : 0,
      colour: STATE_COLOUR[state],
    };
  });
  const total = slices.reduce((sum, slice) => sum + slice.count, 0);
  const series: PieSeriesOption = {
    type: 'pie',
    name: text.seriesName,
    radius: ['58%', '82%'],
    avoidLabelOverlap: true,
    label: { show: false },
    labelLine: { show: false },
    itemStyle: { borderColor: '#fff', borderWidth: 2 },
    data: slices
      .filter((slice) => slice.count > 0)
      .map((slice) => ({ name: slice.label, value: slice.count, itemStyle: { color: slice.colour } })),
  };
  return {
    option: { tooltip: { trigger: 'item', confine: true, formatter: '{b}: {c} ({d}%)' }, series: [series] },
    slices,
    total,
  };
}

/* ---- utilisation per day ---- */

export interface UtilisationText {
  ofPoweredOn: string;
  ofDay: string;
  percentAxis: string;
  dateColumn: string;
  processingColumn: string;
  poweredOnColumn: string;
}

/** Per day: processing ÷ powered-on time and processing ÷ the whole day, as percentages. */
export function utilisationChart(stateTime: DeviceStateTime, text: UtilisationText, primary: string): ChartModel {
  const perDay = utilisationPerDay(stateTime);
  const dates = perDay.map((day) => day.date);
  const ofPoweredOn = perDay.map((day) => toPercent(day.ofPoweredOn));
  const ofDay = perDay.map((day) => toPercent(day.ofDay));
  // one day is one point: a line needs its marker to be seen at all
  const showSymbol = dates.length <= 7;
  const series: LineSeriesOption[] = [
    {
      type: 'line',
      name: text.ofPoweredOn,
      data: ofPoweredOn,
      color: primary,
      showSymbol,
      smooth: 0.2,
      areaStyle: { opacity: 0.12 },
    },
    {
      type: 'line',
      name: text.ofDay,
      data: ofDay,
      color: tint(primary, 0.35),
      showSymbol,
      smooth: 0.2,
      lineStyle: { type: 'dashed' },
    },
  ];
  return {
    option: {
      color: [primary, tint(primary, 0.35)],
      tooltip: { trigger: 'axis', confine: true, valueFormatter: (value) => percentText(value as number | null) },
      legend: LEGEND,
      grid: GRID,
      xAxis: { ...dateAxis(dates), boundaryGap: dates.length <= 1 },
      yAxis: valueAxis(text.percentAxis, { min: 0, max: 100 }),
      series,
    },
    table: {
      columns: [text.dateColumn, text.processingColumn, text.poweredOnColumn, text.ofPoweredOn, text.ofDay],
      rows: stateTime.days.map((day, i) => [
        day.date,
        secondsToHours(day.seconds.processing),
        secondsToHours(day.seconds.running),
        percentText(ofPoweredOn[i] ?? null),
        percentText(ofDay[i] ?? null),
      ]),
    },
  };
}

/* ---- state time per machine ---- */

export interface MachineStateText {
  parts: Record<StackPart, string>;
  hoursAxis: string;
  hourUnit: string;
  machineColumn: string;
}

/**
 * Hours in each part per machine, stacked horizontally, the busiest machine on top. `hidden` parts
 * start switched off in the legend (a month offline would dwarf the hours of work); the card keeps
 * the person's own choice, since every new option would otherwise reset it.
 */
export function machineStateChart(
  devices: DeviceStatsByDevice[],
  text: MachineStateText,
  hidden: ReadonlySet<StackPart>,
): ChartModel {
  const labels = devices.map(machineLabel);
  const hours = devices.map((device) => {
    const parts = stackParts(device.seconds);
    return Object.fromEntries(STACK_PARTS.map((part) => [part, secondsToHours(parts[part])])) as Record<
      StackPart,
      number
    >;
  });
  const series: BarSeriesOption[] = STACK_PARTS.map((part) => ({
    type: 'bar',
    name: text.parts[part],
    stack: 'time',
    color: partColour(part),
    barMaxWidth: 18,
    emphasis: { focus: 'series' },
    data: hours.map((row) => row[part]),
  }));
  return {
    option: {
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        confine: true,
        valueFormatter: valueText(text.hourUnit),
      },
      legend: {
        ...LEGEND,
        selected: Object.fromEntries(STACK_PARTS.map((part) => [text.parts[part], !hidden.has(part)])),
      },
      grid: GRID,
      xAxis: valueAxis(text.hoursAxis),
      yAxis: {
        type: 'category',
        data: labels,
        inverse: true,
        axisLabel: { color: AXIS_TEXT, width: 120, overflow: 'truncate' },
        axisTick: { show: false },
      },
      series,
    },
    table: {
      columns: [text.machineColumn, ...STACK_PARTS.map((part) => text.parts[part])],
      rows: labels.map((label, i) => [label, ...STACK_PARTS.map((part) => hours[i]![part])]),
    },
  };
}

/** The legend reports series by name; the card keeps parts. */
export function partOfSeriesName(name: string, parts: Record<StackPart, string>): StackPart | undefined {
  return STACK_PARTS.find((part) => parts[part] === name);
}

/* ---- jobs per day ---- */

export interface JobsText {
  started: string;
  done: string;
  countAxis: string;
  dateColumn: string;
}

export function jobsChart(days: DeviceJobsPerDay[], text: JobsText, primary: string): ChartModel {
  const dates = days.map((day) => day.date);
  const series: BarSeriesOption[] = [
    {
      type: 'bar',
      name: text.started,
      data: days.map((day) => day.started),
      color: tint(primary, 0.55),
      barMaxWidth: 16,
    },
    { type: 'bar', name: text.done, data: days.map((day) => day.done), color: primary, barMaxWidth: 16 },
  ];
  return {
    option: {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, confine: true },
      legend: LEGEND,
      grid: GRID,
      xAxis: dateAxis(dates),
      yAxis: valueAxis(text.countAxis, { minInterval: 1 }),
      series,
    },
    table: {
      columns: [text.dateColumn, text.started, text.done],
      rows: days.map((day) => [day.date, day.started, day.done]),
    },
  };
}
