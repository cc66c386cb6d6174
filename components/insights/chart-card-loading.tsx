import { Skeleton } from "@/components/ui/states";
import styles from "./insights.module.css";

/** A chart card's place while its chart's code loads (the charts are not in the page's first load): its size, busy. */
export function ChartCardLoading({ height = 240, wide = false }: { height?: number; wide?: boolean }) {
  return (
    <section className={`card ${styles.card} ${wide ? styles.wide : ""}`} aria-busy="true">
      <header className={styles.cardHeader}>
        <div className={styles.headlineSkeleton} aria-hidden />
      </header>
      <div className={styles.chartBox} style={{ height }}>
        <Skeleton />
      </div>
    </section>
  );
}
