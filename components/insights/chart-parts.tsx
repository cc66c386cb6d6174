"use client";

import type { ReactNode } from "react";
import { AXIS_INK, formatCount, formatDay, formatLongDay } from "./format";

// Settings every insight chart shares, so the cards read alike.

const tick = { fill: AXIS_INK, fontSize: 12 };

/** A day axis: Recharts drops ticks that would collide (minTickGap), so a phone shows fewer dates. */
export const dayAxis = {
  tickFormatter: (value: string) => formatDay(value),
  interval: "preserveStartEnd",
  minTickGap: 18,
  tick,
  tickLine: false,
  axisLine: { stroke: "#cfc5b6" },
} as const;

/** Today's hours, already labelled ("14:00"): Recharts drops the ones that would collide on a phone. */
export const hourAxis = { interval: "preserveStartEnd", minTickGap: 14, tick, tickLine: false, axisLine: { stroke: "#cfc5b6" } } as const;

/** A category axis (genders, age bands, weekdays): every label shown. */
export const categoryAxis = { interval: 0, tick, tickLine: false, axisLine: { stroke: "#cfc5b6" } } as const;

export const countAxis = {
  allowDecimals: false,
  width: 44,
  tick,
  tickLine: false,
  axisLine: false,
  tickFormatter: (value: number) => formatCount(value),
} as const;

export const gridProps = { vertical: false, stroke: "#ece6dc" } as const;

/** Value labels on bars, in the axis ink so they stay readable whatever the bar's colour. */
export const valueLabel = {
  fill: "#1d1a16",
  fontSize: 12,
  fontWeight: 600,
  formatter: (value: unknown) => formatCount(Number(value)),
} as const;

export const tooltipProps = {
  labelFormatter: (label: ReactNode) => (typeof label === "string" && /^\d{4}-\d{2}-\d{2}$/.test(label) ? formatLongDay(label) : label),
  formatter: (value: unknown) => formatCount(Number(value)),
  contentStyle: { borderRadius: 8, borderColor: "#cfc5b6", fontSize: 13 },
} as const;

/** Legend entries in readable ink (Recharts colours the text like the series by default). */
export const legendProps = {
  wrapperStyle: { fontSize: 13, paddingTop: 4 },
  formatter: (value: string) => <span style={{ color: AXIS_INK }}>{value}</span>,
} as const;
