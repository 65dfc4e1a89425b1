import { DEVICE_RUNTIME_STATES, type DeviceRuntimeState, statSeconds } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { fleetChart, jobsChart, machineStateChart, partOfSeriesName, utilisationChart } from './chart-options';
import { STACK_PARTS, type StackPart } from './stat-maths';
import { BRAND_COLOUR, STATE_COLOUR } from './state-colours';

const HOUR = 3600;
const states = Object.fromEntries(DEVICE_RUNTIME_STATES.map((s) => [s, `state:${s}`])) as Record<
  DeviceRuntimeState,
  string
>;
const parts = Object.fromEntries(STACK_PARTS.map((p) => [p, `part:${p}`])) as Record<StackPart, string>;
/** The option's series as plain records, to read back what the chart will draw. */
const seriesOf = (option: { series?: unknown }) => option.series as Array<Record<string, unknown>>;

describe('fleet doughnut', () => {
  it('has a slice per state with machines, in the state’s colour, and lists every state', () => {
    const chart = fleetChart({ idle: 2, running: 3, offline: 5 }, { states, seriesName: 'fleet' });
    expect(chart.total).toBe(10);
    expect(chart.slices).toHaveLength(DEVICE_RUNTIME_STATES.length);
    expect(chart.slices.find((s) => s.state === 'paused')?.count).toBe(0);
    const data = seriesOf(chart.option)[0]!.data as Array<{
      name: string;
      value: number;
      itemStyle: { color: string };
    }>;
    expect(data.map((d) => [d.name, d.value, d.itemStyle.color])).toEqual([
      ['state:idle', 2, STATE_COLOUR.idle],
      ['state:running', 3, STATE_COLOUR.running],
      ['state:offline', 5, STATE_COLOUR.offline],
    ]);
  });

  it('reads a missing or odd answer as no machines', () => {
    expect(fleetChart(undefined, { states, seriesName: 'fleet' }).total).toBe(0);
    expect(fleetChart({ idle: Number.NaN, running: -1 }, { states, seriesName: 'fleet' }).total).toBe(0);
  });
});

const utilisationText = {
  ofPoweredOn: 'on',
  ofDay: 'day',
  percentAxis: '%',
  dateColumn: 'date',
  processingColumn: 'processing h',
  poweredOnColumn: 'on h',
};

describe('utilisation per day', () => {
  const stateTime = {
    days: [
      { date: '2025-03-01', seconds: statSeconds({}) },
      { date: '2025-03-02', seconds: statSeconds({ running: 6 * HOUR, idle: 2 * HOUR, offline: 16 * HOUR }) },
    ],
    totals: statSeconds({ running: 6 * HOUR, idle: 2 * HOUR, offline: 16 * HOUR }),
  };

  it('draws both shares in percent, with a gap for a day without time, in the theme colour', () => {
    const { option } = utilisationChart(stateTime, utilisationText, BRAND_COLOUR);
    const [onTime, ofDay] = seriesOf(option);
    expect(onTime).toMatchObject({ name: 'on', data: [null, 75], color: BRAND_COLOUR });
    expect(ofDay).toMatchObject({ name: 'day', data: [null, 25] });
    expect(option.yAxis).toMatchObject({ min: 0, max: 100, name: '%' });
    expect((option.xAxis as { data: string[] }).data).toEqual(['2025-03-01', '2025-03-02']);
  });

  it('gives the same figures as a table', () => {
    const { table } = utilisationChart(stateTime, utilisationText, BRAND_COLOUR);
    expect(table.columns).toEqual(['date', 'processing h', 'on h', 'on', 'day']);
    expect(table.rows).toEqual([
      ['2025-03-01', 0, 0, '–', '–'],
      ['2025-03-02', 6, 8, '75%', '25%'],
    ]);
  });
});

describe('state time per machine', () => {
  const devices = [
    {
      deviceId: 'a',
      name: 'Cutter A',
      machineCode: 'K-1',
      seconds: statSeconds({ running: 2 * HOUR, idle: HOUR, offline: 21 * HOUR }),
    },
    { deviceId: 'b', name: '', machineCode: 'K-2', seconds: statSeconds({ running: HOUR, abnormal: HOUR / 2 }) },
  ];
  const text = { parts, hoursAxis: 'h', hourUnit: 'h', machineColumn: 'machine' };

  it('stacks one bar series per part in hours, machines as rows in the given order', () => {
    const { option } = machineStateChart(devices, text, new Set());
    const series = seriesOf(option);
    expect(series.map((s) => s.name)).toEqual(STACK_PARTS.map((p) => `part:${p}`));
    expect(series.every((s) => s.stack === 'time' && s.type === 'bar')).toBe(true);
    expect(series[0]).toMatchObject({ data: [2, 1], color: STATE_COLOUR.running });
    expect(series.find((s) => s.name === 'part:fault')?.data).toEqual([0, 0.5]);
    expect(option.yAxis).toMatchObject({ data: ['Cutter A', 'K-2'], inverse: true });
  });

  it('switches hidden parts off in the legend, and still lists them in the table', () => {
    const { option, table } = machineStateChart(devices, text, new Set<StackPart>(['offline']));
    const selected = (option.legend as { selected: Record<string, boolean> }).selected;
    expect(selected['part:offline']).toBe(false);
    expect(selected['part:processing']).toBe(true);
    expect(table.columns[0]).toBe('machine');
    expect(table.rows[0]).toEqual(['Cutter A', 2, 0, 0, 1, 0, 0, 21]);
    expect(partOfSeriesName('part:shutdown', parts)).toBe('shutdown');
    expect(partOfSeriesName('something else', parts)).toBeUndefined();
  });
});

describe('jobs per day', () => {
  it('draws started and done bars per day, done in the theme colour', () => {
    const { option, table } = jobsChart(
      [
        { date: '2025-03-01', started: 4, done: 3 },
        { date: '2025-03-02', started: 0, done: 1 },
      ],
      { started: 'started', done: 'done', countAxis: 'jobs', dateColumn: 'date' },
      BRAND_COLOUR,
    );
    const [started, done] = seriesOf(option);
    expect(started).toMatchObject({ name: 'started', data: [4, 0] });
    expect(done).toMatchObject({ name: 'done', data: [3, 1], color: BRAND_COLOUR });
    expect(option.yAxis).toMatchObject({ minInterval: 1 });
    expect(table.rows).toEqual([
      ['2025-03-01', 4, 3],
      ['2025-03-02', 0, 1],
    ]);
  });
});
