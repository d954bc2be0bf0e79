/** Docs as an author adds them to a site copy: for the authoring tests' site and the benchmarks' corpus. */
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

export interface Doc {
  title: string;
  description: string;
  position: number;
  /** Who the page is for (`audience:` front matter): one audience, or several; none: every reader. */
  audience?: readonly string[];
  /** The Markdown below the front matter. */
  body: string;
}

/** Writes a doc with its front matter; returns the text written. */
export function writeDoc(file: string, {title, description, position, audience = [], body}: Doc): string {
  const audienceLine = audience.length === 0 ? [] : [`audience: ${audience.length === 1 ? audience[0] : `[${audience.join(', ')}]`}`];
  const text = [
    '---',
    `title: ${title}`,
    `description: ${description}`,
    ...audienceLine,
    `sidebar_position: ${position}`,
    '---',
    '',
    body,
    '',
  ].join('\n');
  mkdirSync(path.dirname(file), {recursive: true});
  writeFileSync(file, text);
  return text;
}

/** Makes `dir` a sidebar category (`_category_.json`); `customProps.audience` gives the folder's pages an audience. */
export function writeCategory(
  dir: string,
  category: {label: string; position: number; link?: object; customProps?: {audience?: string | readonly string[]}},
): void {
  mkdirSync(dir, {recursive: true});
  writeFileSync(path.join(dir, '_category_.json'), JSON.stringify(category));
}
