import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// The ES module build: lib/core is CommonJS, and the production bundle handed its module object
// (not the component) to React as the default import (React error #130).
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';
import { useReducedMotion } from '../../../../app/motion/use-reduced-motion';
import type { DataboardChartOption } from '../model/chart-options';

// Only the parts the dashboard draws: the full echarts build is several times larger.
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendPlainComponent, TooltipComponent, CanvasRenderer]);

/** A stable object: a new `opts` on every render would make echarts-for-react rebuild the chart. */
const OPTS = { renderer: 'canvas' } as const;

export type ChartEvents = Record<string, (event: never) => void>;

interface DataboardChartProps {
  option: DataboardChartOption;
  height: number;
  onEvents?: ChartEvents;
}

/**
 * One ECharts canvas. It is hidden from assistive technology: every card says the same figures in
 * text (a list or ChartSummary's table), which screen readers and tests can read. Bars and lines grow
 * in unless the person asked their system for reduced motion.
 */
export function DataboardChart({ option, height, onEvents }: DataboardChartProps) {
  const reducedMotion = useReducedMotion();
  const shown = useMemo(() => ({ ...option, animation: !reducedMotion }), [option, reducedMotion]);
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={shown}
      opts={OPTS}
      onEvents={onEvents}
      style={{ height, width: '100%' }}
      aria-hidden="true"
    />
  );
}
