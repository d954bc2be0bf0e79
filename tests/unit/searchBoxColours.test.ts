import {describe, expect, it} from 'vitest';
import {contrastRatio} from '../support/contrast';
import {declaredValue, resolveInScheme, type Scheme} from '../support/themeColours';

const BOX_CSS = 'src/theme/SearchBar/styles.module.css';

describe('contrastRatio: WCAG 2, from relative luminance', () => {
  it.each([
    ['#fff', '#000', 21],
    ['#000000', '#ffffff', 21],
    ['#767676', '#fff', 4.54],
    ['rgb(235, 237, 240)', 'rgb(255, 255, 255)', 1.17],
    ['#1d5fb4', '#1d5fb4', 1],
  ])('%s against %s: %d', (one, other, ratio) => {
    expect(contrastRatio(one, other)).toBeCloseTo(ratio, 2);
  });

  it('refuses a colour it cannot weigh alone', () => {
    expect(() => contrastRatio('rgba(0, 0, 0, 0.1)', '#fff')).toThrow(/not an opaque colour/);
  });
});

describe("the box's active suggestion stands out against its popup, in each colour mode", () => {
  const colours = (scheme: Scheme) => ({
    popup: resolveInScheme(declaredValue(BOX_CSS, '.popup', 'background'), scheme),
    active: resolveInScheme(declaredValue(BOX_CSS, '.option.activeOption', 'background'), scheme),
    text: resolveInScheme(declaredValue(BOX_CSS, '.option.activeOption', 'color'), scheme),
  });

  it.each(['light', 'dark'] as const)('%s: its background 3:1 or more against the popup, its text 4.5:1 or more on it', (scheme) => {
    const {popup, active, text} = colours(scheme);
    expect(contrastRatio(active, popup), `${active} on ${popup}`).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(text, active), `${text} on ${active}`).toBeGreaterThanOrEqual(4.5);
  });
});
