/**
 * The code blocks' colours: Prism's GitHub theme (light) and Dracula (dark), with the token colours that
 * fall short of WCAG AA (4.5:1) replaced by ones of the same hue and more contrast. The light ones fall
 * short on the code background (#f6f8fa) and on highlighted lines (#dddfe1), Dracula's comments on
 * #282a36; the replacements pass on both (tests/unit/codeThemes.test.ts).
 */
import {themes as prismThemes, type PrismTheme} from 'prism-react-renderer';

/** A Prism theme with some token colours replaced. */
export function withTokenColors(theme: PrismTheme, replacements: Record<string, string>): PrismTheme {
  return {
    ...theme,
    styles: theme.styles.map((entry) => {
      const replacement = entry.style.color === undefined ? undefined : replacements[entry.style.color];
      return replacement ? {...entry, style: {...entry.style, color: replacement}} : entry;
    }),
  };
}

export const lightCodeTheme = withTokenColors(prismThemes.github, {
  '#999988': '#626257', // comment
  '#e3116c': '#bc0e5a', // string
  '#36acaa': '#216b69', // number, property, variable…
  '#00a4db': '#00698c', // keyword, atrule, attr-name…
  '#d73a49': '#b2303d', // function, tag
});

export const darkCodeTheme = withTokenColors(prismThemes.dracula, {
  'rgb(98, 114, 164)': '#8692b9', // comment
});
