"use client";

import dynamic from "next/dynamic";
import styles from "./insights.module.css";

// The charts load after the page's first paint (Recharts and d3 are most of the page's code: decision
// 068); the cards around them, with their queries, headlines and tables, are there at once. Until a
// chart's code is in, its box (already sized by the card) shows a quiet placeholder.

function Drawing() {
  return <div className={styles.chartLoading} aria-hidden />;
}

export const ColumnChart = dynamic(() => import("./charts").then((module) => module.ColumnChart), { ssr: false, loading: Drawing });
export const RowChart = dynamic(() => import("./charts").then((module) => module.RowChart), { ssr: false, loading: Drawing });
export const CheckinsChart = dynamic(() => import("./charts").then((module) => module.CheckinsChart), { ssr: false, loading: Drawing });
export const StackedBars = dynamic(() => import("./charts").then((module) => module.StackedBars), { ssr: false, loading: Drawing });
