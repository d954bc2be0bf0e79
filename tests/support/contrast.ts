/**
 * WCAG 2's contrast ratio between two opaque colours, from their relative luminance: what the unit
 * tests compute over the theme's custom properties (themeColours.ts) and the browser tests over
 * computed styles.
 */

/** Red, green and blue, 0–255. */
export type Rgb = readonly [number, number, number];

/** `#rgb`, `#rrggbb`, or `rgb()`/`rgba()` as getComputedStyle gives it; a colour that is not opaque is refused. */
export function parseColour(css: string): Rgb {
  const value = css.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((digit) => digit + digit) : hex[1]!.match(/../g)!;
    return digits.map((pair) => parseInt(pair, 16)) as unknown as Rgb;
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/.exec(value);
  if (rgb && (rgb[4] === undefined || rgb[4] === '1' || rgb[4] === '100%')) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`not an opaque colour: ${css}`);
}

/** WCAG 2's relative luminance: each sRGB channel linearised, weighted by how bright it looks. */
export function relativeLuminance([red, green, blue]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** From 1 (the same) to 21 (black on white), whichever is lighter. */
export function contrastRatio(one: string, other: string): number {
  const [lighter, darker] = [relativeLuminance(parseColour(one)), relativeLuminance(parseColour(other))].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}
