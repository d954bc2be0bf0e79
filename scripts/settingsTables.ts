/**
 * README.md's tables of the build's and the gate's settings, written from their schemas
 * (contracts/buildSettings.ts, server/settings.ts), so that a setting's name, meaning and default
 * have one home. `npm run settings:readme` rewrites them.
 */
import type {TObject} from '@sinclair/typebox';
import {BUILD_SETTINGS} from '../contracts/buildSettings';
import {GATE_SETTINGS} from '../server/settings';

/** Each table: its schema, and the file README.md names as its home. */
export const SETTINGS_TABLES = {
  build: {schema: BUILD_SETTINGS, home: 'contracts/buildSettings.ts'},
  gate: {schema: GATE_SETTINGS, home: 'server/settings.ts'},
} as const satisfies Record<string, {schema: TObject; home: string}>;

export type TableName = keyof typeof SETTINGS_TABLES;

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function settingsTable(name: TableName): string {
  const rows = Object.entries(SETTINGS_TABLES[name].schema.properties).map(
    ([variable, setting]) =>
      `| \`${variable}\` | ${cell(setting.description as string)} | ${cell(setting.defaultText ?? `\`${setting.default}\``)} |`,
  );
  return ['| Variable | Meaning | Default |', '|---|---|---|', ...rows].join('\n');
}

function markers(readme: string, name: TableName): {start: number; end: number} {
  const START = `<!-- ${name}-settings: written by \`npm run settings:readme\` from ${SETTINGS_TABLES[name].home} -->`;
  const END = `<!-- /${name}-settings -->`;
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has lost the markers of the ${name}'s settings table: ${START} … ${END}`);
  return {start: start + START.length, end};
}

/** The table README.md shows now. */
export function settingsTableIn(readme: string, name: TableName): string {
  const {start, end} = markers(readme, name);
  return readme.slice(start, end).trim();
}

/** `readme` with each table between its markers written anew. */
export function withSettingsTables(readme: string): string {
  return (Object.keys(SETTINGS_TABLES) as TableName[]).reduce((text, name) => {
    const {start, end} = markers(text, name);
    return `${text.slice(0, start)}\n\n${settingsTable(name)}\n\n${text.slice(end)}`;
  }, readme);
}
