import {describe, expect, it} from 'vitest';
import type {PrismTheme} from 'prism-react-renderer';
import {darkCodeTheme, lightCodeTheme, withTokenColors} from '../../plugins/codeThemes';

/** A CSS colour as `#rgb`, `#rrggbb` or `rgb(r, g, b)`, in 0–255 channels. */
function channels(colour: string): [number, number, number] {
  const rgb = /^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(colour);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  const hex = colour.replace(/^#/, '');
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`not a colour this test reads: ${colour}`);
  return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as [number, number, number];
}

/** WCAG 2's contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = channels(colour).map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const tokenColours = (theme: PrismTheme) =>
  [theme.plain.color, ...theme.styles.map((entry) => entry.style.color)].filter((c) => c !== undefined);

describe('the code blocks’ colours', () => {
  it.each([
    ['light, on the code background', lightCodeTheme, '#f6f8fa'],
    ['light, on a highlighted line', lightCodeTheme, '#dddfe1'],
    ['dark, on the code background', darkCodeTheme, '#282a36'],
  ])('every token colour has 4.5:1 contrast or more: %s', (_, theme, background) => {
    const short = tokenColours(theme)
      .map((colour) => ({colour, ratio: Math.round(contrast(colour, background) * 100) / 100}))
      .filter(({ratio}) => ratio < 4.5);
    expect(short).toEqual([]);
  });

  it('replaces only the colours it names, and keeps the rest of each style', () => {
    const theme: PrismTheme = {
      plain: {color: '#000', backgroundColor: '#fff'},
      styles: [
        {types: ['comment'], style: {color: '#999988', fontStyle: 'italic'}},
        {types: ['string'], style: {color: '#e3116c'}},
        {types: ['bold'], style: {fontWeight: 'bold'}},
      ],
    };
    expect(withTokenColors(theme, {'#999988': '#626257'}).styles).toEqual([
      {types: ['comment'], style: {color: '#626257', fontStyle: 'italic'}},
      {types: ['string'], style: {color: '#e3116c'}},
      {types: ['bold'], style: {fontWeight: 'bold'}},
    ]);
  });
});
