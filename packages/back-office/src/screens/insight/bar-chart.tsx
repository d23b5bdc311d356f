/**
 * A bar chart drawn by uPlot (a canvas; docs/decisions/0109-acceptance-insight.md): one group of
 * bars per category, one bar per series, the categories named under the x axis. Only the Insight
 * screen imports it, so uPlot is in that screen's chunk and never in the first screen's.
 *
 * A canvas says nothing to a screen reader or a keyboard: the chart is an image named by its
 * title, and the same numbers follow it in a table (the screen's job). uPlot's cursor and legend
 * are off: the table is the legend and the exact values. The few layout rules of uPlot's own
 * stylesheet a chart without them needs are in insight.css (the back office has one stylesheet,
 * which every screen loads: the whole of uPlot's would weigh on the first screen).
 */
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import uPlot from 'uplot';
import type { AlignedData, Options } from 'uplot';

/** One series: its name (in the legend under the chart) and one value per category. */
export interface BarSeries {
  readonly label: string;
  readonly values: readonly (number | null)[];
}

export interface BarChartProps {
  /** What the chart shows (the image's accessible name). */
  readonly title: string;
  readonly categories: readonly string[];
  readonly series: readonly BarSeries[];
  /** The y axis's values as text (a rate as a percentage, milliseconds...). */
  readonly formatY?: (value: number) => string;
  /** The id of the table with the same numbers. */
  readonly describedBy: string;
  /** The top of the y axis (100 for a percentage); default the largest value and a tenth. */
  readonly yMax?: number;
  /** Whether the values are counts: the y axis's steps are then whole numbers. */
  readonly counts?: boolean;
}

/** Whole steps of a y axis of counts. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 100_000];

/** Colours of the series, apart enough for colour-blind readers (and named in the legend). */
const COLOURS = ['#0f5bd8', '#b35900', '#1a7f37', '#6f42c1'] as const;
const HEIGHT = 220;

/**
 * uPlot's aligned data for grouped bars: every bar has its own x (the category's index shifted
 * by the series' place in the group), and a series has values only at its own x.
 */
function alignedOf(categories: readonly string[], series: readonly BarSeries[]): AlignedData {
  const count = series.length;
  const width = 0.8 / count;
  const xs: number[] = [];
  const columns: (number | null)[][] = series.map(() => []);
  categories.forEach((_category, index) => {
    series.forEach((one, place) => {
      xs.push(index - 0.4 + width * (place + 0.5));
      columns.forEach((column, columnPlace) => {
        column.push(columnPlace === place ? (one.values[index] ?? null) : null);
      });
    });
  });
  return [xs, ...columns];
}

/** The bar renderer of `count` series per group: their bars are 0.8 / count apart. */
function barsOf(count: number): uPlot.Series.PathBuilder {
  const bars = uPlot.paths.bars;
  if (bars === undefined) throw new Error('uPlot without its bar paths');
  return bars({ size: [count === 1 ? 0.6 : 0.9, Infinity], align: 0 });
}

function colourOf(place: number): string {
  return COLOURS[place % COLOURS.length] ?? COLOURS[0];
}

function optionsOf(props: BarChartProps, width: number): Options {
  const categories = props.categories;
  const paths = barsOf(Math.max(1, props.series.length));
  return {
    width,
    height: HEIGHT,
    cursor: { show: false },
    legend: { show: false },
    scales: {
      x: { time: false, range: () => [-0.5, Math.max(0, categories.length - 1) + 0.5] },
      y: {
        range: (_u, _min, max) => [0, props.yMax ?? (max > 0 ? max * 1.1 : 1)],
      },
    },
    axes: [
      {
        splits: () => categories.map((_category, index) => index),
        values: (_u, splits) => splits.map((split) => categories[split] ?? ''),
        stroke: '#3d4451',
        grid: { show: false },
      },
      {
        stroke: '#3d4451',
        values: (_u, splits) => splits.map((split) => (props.formatY ?? String)(split)),
        size: 64,
        ...(props.counts === true ? { incrs: COUNT_STEPS } : {}),
      },
    ],
    series: [
      {},
      ...props.series.map((one, place) => ({
        label: one.label,
        stroke: colourOf(place),
        fill: colourOf(place),
        width: 0,
        points: { show: false },
        paths,
      })),
    ],
  };
}

export function BarChart(props: BarChartProps): ReactNode {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (element === null) return undefined;
    const chart = new uPlot(
      optionsOf(props, Math.max(240, element.clientWidth)),
      alignedOf(props.categories, props.series),
      element,
    );
    const resized = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(240, element.clientWidth), height: HEIGHT });
    });
    resized.observe(element);
    return () => {
      resized.disconnect();
      chart.destroy();
    };
  }, [props]);
  return (
    <figure className="bo-chart">
      <div
        ref={holder}
        className="bo-chart__plot"
        role="img"
        aria-label={props.title}
        aria-describedby={props.describedBy}
      />
      <figcaption className="bo-chart__legend">
        {props.series.map((one, place) => (
          <span key={one.label} className="bo-chart__key">
            <span
              className="bo-chart__swatch"
              style={{ background: colourOf(place) }}
              aria-hidden="true"
            />
            {one.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
