/** Docs as an author adds them to a site copy: for the authoring tests' site and the benchmarks' corpus. */
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

export interface Doc {
  title: string;
  description: string;
  position: number;
  /** The Markdown below the front matter. */
  body: string;
}

/** Writes a doc with its front matter; returns the text written. */
export function writeDoc(file: string, {title, description, position, body}: Doc): string {
  const text = ['---', `title: ${title}`, `description: ${description}`, `sidebar_position: ${position}`, '---', '', body, ''].join('\n');
  mkdirSync(path.dirname(file), {recursive: true});
  writeFileSync(file, text);
  return text;
}

/** Makes `dir` a sidebar category (`_category_.json`). */
export function writeCategory(dir: string, category: {label: string; position: number; link?: object}): void {
  mkdirSync(dir, {recursive: true});
  writeFileSync(path.join(dir, '_category_.json'), JSON.stringify(category));
}
