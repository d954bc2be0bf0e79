/**
 * Which sidebars file the docs use: the one the team wrote, whatever Docusaurus extension it has
 * (the demo's is `sidebars.ts`), or none, and then Docusaurus generates one sidebar from the folders.
 * Versions frozen by `npm run release-version` keep theirs in `versioned_sidebars/`, which Docusaurus reads.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';

/** The names Docusaurus's docs plugin loads a sidebars file from, in the order they are looked for. */
export const SIDEBARS_FILES = ['sidebars.ts', 'sidebars.js', 'sidebars.mjs', 'sidebars.cjs', 'sidebars.json'] as const;

/**
 * Pure: the sidebars file among the site's files (`./sidebars.json`), undefined for none. Two are a
 * mistake to name, not to choose between: a team's file copied beside the demo's would be ignored.
 */
export function sidebarsFileAmong(isPresent: (name: string) => boolean): string | undefined {
  const present = SIDEBARS_FILES.filter((name) => isPresent(name));
  if (present.length > 1) {
    throw new Error(
      `The site has ${present.length} sidebars files (${present.join(', ')}); Docusaurus reads one. Keep the one your docs use and delete the others.`,
    );
  }
  return present[0] === undefined ? undefined : `./${present[0]}`;
}

export function sidebarsFile(siteDir: string): string | undefined {
  return sidebarsFileAmong((name) => existsSync(path.join(siteDir, name)));
}
