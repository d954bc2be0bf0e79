/**
 * The insights page's charts, inline SVG drawn from charts.ts: a bar a day for the period's totals, a line for
 * a row's trend. Each is an image named by what it shows, in words (charts.ts, trendLabel); its drawn labels are
 * for the eye only.
 */
import type {ReactNode} from 'react';
import type {Trend} from '@site/contracts/insights';
import {barsOf, sparklineOf, trendLabel} from './charts';
import type {Formats} from './format';
import styles from './InsightsPage.module.css';

const CHART = {width: 320, height: 80};
const SPARKLINE = {width: 80, height: 20};

interface ChartProps {
  /** What is counted, per day: "Reads per day". */
  what: string;
  trend: Trend;
  formats: Formats;
}

/** The period's days as bars, its highest count above them and its first and last days below. */
export function TrendChart({what, trend, from, to, formats}: ChartProps & {from: string; to: string}): ReactNode {
  const highest = Math.max(0, ...trend);
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.chartTitle}>{what}</figcaption>
      <div aria-hidden="true" className={styles.chartScale}>
        {formats.number(highest)}
      </div>
      <svg
        role="img"
        aria-label={trendLabel(what, trend, formats.number)}
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        preserveAspectRatio="none"
        className={styles.chartArea}>
        {barsOf(trend, CHART).map((bar, day) => (
          <rect key={day} x={bar.x + 0.5} y={bar.y} width={Math.max(bar.width - 1, 0.5)} height={bar.height} />
        ))}
      </svg>
      <div aria-hidden="true" className={styles.chartDays}>
        <span>{formats.day(from)}</span>
        <span>{formats.day(to)}</span>
      </div>
    </figure>
  );
}

/** A row's trend as a line, small enough for a table's cell. */
export function Sparkline({what, trend, formats}: ChartProps): ReactNode {
  return (
    <svg
      role="img"
      aria-label={trendLabel(what, trend, formats.number)}
      viewBox={`-1 -1 ${SPARKLINE.width + 2} ${SPARKLINE.height + 2}`}
      width={SPARKLINE.width}
      height={SPARKLINE.height}
      className={styles.sparkline}>
      <polyline
        points={sparklineOf(trend, SPARKLINE)}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
