"use client";

import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  LabelList,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { categoryAxis, countAxis, dayAxis, gridProps, hourAxis, legendProps, tooltipProps, valueLabel } from "./chart-parts";
import { formatCount, percentOf, seriesColour } from "./format";

// Every drawing of the insights page: Recharts (and d3 under it) load with this module, after the page's
// first paint (lazy-charts.tsx). The cards, their queries, headlines and tables do not wait for it.

export type Bucket = { label: string; value: number };

/** Upright bars over a category axis, each carrying its value. */
export function ColumnChart({
  data,
  name,
  colour,
  tickFormatter,
}: {
  data: Bucket[];
  name: string;
  colour: string;
  tickFormatter?: (value: string) => string;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 22, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid {...gridProps} />
        <XAxis dataKey="label" {...categoryAxis} tickFormatter={tickFormatter} />
        <YAxis {...countAxis} />
        <Tooltip {...tooltipProps} cursor={{ fill: "rgb(0 0 0 / 5%)" }} />
        <Bar dataKey="value" name={name} fill={colour} radius={[4, 4, 0, 0]} minPointSize={2} isAnimationActive={false}>
          <LabelList dataKey="value" position="top" offset={6} {...valueLabel} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Sideways bars, each labelled with its count and share: the category names get the room they need. */
export function RowChart({ data, colour }: { data: Bucket[]; colour: string }) {
  const total = data.reduce((sum, bucket) => sum + bucket.value, 0);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout="vertical" margin={{ top: 0, right: 88, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <XAxis type="number" hide allowDecimals={false} />
        <YAxis type="category" dataKey="label" {...categoryAxis} width={80} />
        <Tooltip {...tooltipProps} cursor={{ fill: "rgb(0 0 0 / 5%)" }} />
        <Bar dataKey="value" name="Guests" fill={colour} radius={[0, 4, 4, 0]} maxBarSize={28} minPointSize={2} isAnimationActive={false}>
          <LabelList
            dataKey="value"
            position="right"
            {...valueLabel}
            formatter={(value: unknown) => `${formatCount(Number(value))} (${percentOf(Number(value), total)})`}
          />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/**
 * Check-ins as an area (labelled when there are few points), with the distinct guests as a dashed line;
 * the weekly chart has no guests line (a guest of several days would count once per day).
 */
export function CheckinsChart({
  rows,
  hourly,
  weekly,
}: {
  rows: readonly { date: string; checkins: number; distinct_users?: number }[];
  hourly: boolean;
  weekly: boolean;
}) {
  const colour = seriesColour(0);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart
        data={rows as { date: string; checkins: number }[]}
        margin={{ top: 22, right: 12, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid {...gridProps} />
        <XAxis dataKey="date" {...(hourly ? hourAxis : dayAxis)} />
        <YAxis {...countAxis} />
        <Tooltip {...tooltipProps} />
        <Legend {...legendProps} />
        <Area
          type="monotone"
          dataKey="checkins"
          name="Check-ins"
          stroke={colour}
          strokeWidth={2}
          fill={colour}
          fillOpacity={0.14}
          dot={rows.length <= 31 ? { r: 3, fill: colour } : false}
          isAnimationActive={false}
        >
          {rows.length <= 14 && <LabelList dataKey="checkins" position="top" offset={8} {...valueLabel} />}
        </Area>
        {!weekly && (
          <Line
            type="monotone"
            dataKey="distinct_users"
            name="Distinct guests"
            legendType="plainline"
            stroke={seriesColour(1)}
            strokeWidth={2}
            strokeDasharray="6 4"
            dot={false}
            isAnimationActive={false}
          />
        )}
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/**
 * Stacked bars per hour or day, one series per key (named for the legend). A white edge between stacked
 * segments keeps neighbouring colours apart, dropped when the bars are too thin for it.
 */
export function StackedBars({
  rows,
  hourly,
  series,
}: {
  rows: Record<string, string | number>[];
  hourly: boolean;
  series: { key: string; name: string }[];
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid {...gridProps} />
        <XAxis dataKey="date" {...(hourly ? hourAxis : dayAxis)} />
        <YAxis {...countAxis} />
        <Tooltip {...tooltipProps} cursor={{ fill: "rgb(0 0 0 / 5%)" }} />
        <Legend {...legendProps} />
        {series.map((one, index) => (
          <Bar
            key={one.key}
            dataKey={one.key}
            name={one.name}
            stackId="stack"
            fill={seriesColour(index)}
            stroke="#fff"
            strokeWidth={rows.length > 60 ? 0 : 1}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
