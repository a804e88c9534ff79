import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface BarChartProps {
  /** One label per bar, shown under the axis (thinned out when crowded). */
  labels: string[];
  values: number[];
  /** The series' name (legend and cursor value). */
  name: string;
  height?: number;
  color?: string;
}

/**
 * Bars with uPlot (a ~20 KB gzip canvas chart, loaded only with this screen). The canvas is
 * hidden from screen readers: each chart is shown next to a table of the same numbers.
 */
export default function BarChart({
  labels,
  values,
  name,
  height = 220,
  color = '#175382',
}: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = labels.map((_, i) => i);
    const bars = uPlot.paths.bars?.({ size: [0.7, 48], gap: 1 });
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height,
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { show: false } },
        scales: {
          x: { time: false, range: [-0.5, labels.length - 0.5] },
          y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] },
        },
        axes: [
          {
            stroke: '#475569',
            grid: { show: false },
            ticks: { show: false },
            values: (_u, splits) => splits.map((i) => labels[Math.round(i)] ?? ''),
            space: 48,
            incrs: [1, 2, 3, 4, 6, 7, 12, 14, 24, 30],
          },
          {
            stroke: '#475569',
            grid: { stroke: '#e2e8f0', width: 1 },
            ticks: { show: false },
            incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000],
            values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')),
            size: 44,
          },
        ],
        series: [
          {},
          {
            label: name,
            stroke: color,
            fill: `${color}cc`,
            width: 0,
            paths: bars,
            points: { show: false },
          },
        ],
      },
      [xs, values],
      element,
    );
    const observer = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(element.clientWidth, 200), height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [labels, values, name, height, color]);

  return <div ref={box} aria-hidden="true" className="w-full" data-testid="bar-chart" />;
}
