/**
 * The insights page's charts, drawn by hand as inline SVG: a day's count as a bar or as a point of a line, and
 * the words that say what a chart shows for readers who cannot see it. Pure.
 */
import type {Trend} from '../../contracts/insights';

export interface Box {
  width: number;
  height: number;
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One bar a day, oldest first, as tall as its count against the highest (a day without any: no bar). */
export function barsOf(trend: Trend, {width, height}: Box): Bar[] {
  const highest = Math.max(0, ...trend);
  const step = width / Math.max(trend.length, 1);
  return trend.map((count, day) => {
    const tall = highest === 0 ? 0 : (count / highest) * height;
    return {x: day * step, y: height - tall, width: step, height: tall};
  });
}

/** A line through the days (an SVG polyline's points), the highest count at the top, none at the bottom; a single day in the middle. */
export function sparklineOf(trend: Trend, {width, height}: Box): string {
  const highest = Math.max(0, ...trend);
  const y = (count: number) => height - (highest === 0 ? 0 : (count / highest) * height);
  if (trend.length === 1) return `0,${y(trend[0]!)} ${width},${y(trend[0]!)}`;
  const step = width / Math.max(trend.length - 1, 1);
  return trend.map((count, day) => `${day * step},${y(count)}`).join(' ');
}

/** What a chart of `what` shows, in words: "Reads per day, 7 days: from 3 to 12 a day, 45 in all". */
export function trendLabel(what: string, trend: Trend, format: (count: number) => string): string {
  const period = `${what}, ${trend.length === 1 ? '1 day' : `${trend.length} days`}`;
  const total = trend.reduce((sum, count) => sum + count, 0);
  if (total === 0) return `${period}: none`;
  const lowest = Math.min(...trend);
  const highest = Math.max(...trend);
  if (lowest === highest) return `${period}: ${format(highest)} every day`;
  return `${period}: from ${format(lowest)} to ${format(highest)} a day, ${format(total)} in all`;
}
