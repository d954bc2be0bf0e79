/** Numbers and days as the site's locale writes them (Intl), for the insights page. */

export interface Formats {
  number: (count: number) => string;
  /** A mean, to one decimal place. */
  mean: (value: number) => string;
  /** A `YYYY-MM-DD` day of the gate's (UTC). */
  day: (day: string) => string;
}

export function formatsFor(locale: string): Formats {
  const number = new Intl.NumberFormat(locale);
  const mean = new Intl.NumberFormat(locale, {maximumFractionDigits: 1});
  const day = new Intl.DateTimeFormat(locale, {dateStyle: 'medium', timeZone: 'UTC'});
  return {
    number: (count) => number.format(count),
    mean: (value) => mean.format(value),
    day: (text) => {
      const date = new Date(`${text}T00:00:00Z`);
      // Not a day: shown as the gate wrote it rather than as "Invalid Date" (or a RangeError).
      return Number.isNaN(date.getTime()) ? text : day.format(date);
    },
  };
}
