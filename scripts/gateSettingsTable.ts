/**
 * README.md's table of the gate's settings, written from the settings schema (server/config.ts), so
 * that a setting's name, meaning and default have one home. `npm run settings:readme` rewrites it.
 */
import {GATE_SETTINGS, type SettingSchema} from '../server/config';

const START = '<!-- gate-settings: written by `npm run settings:readme` from server/config.ts -->';
const END = '<!-- /gate-settings -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function gateSettingsTable(): string {
  const rows = Object.entries(GATE_SETTINGS.properties).map(
    ([name, setting]: [string, SettingSchema]) =>
      `| \`${name}\` | ${cell(setting.description)} | ${cell(setting.defaultText ?? `\`${setting.default}\``)} |`,
  );
  return ['| Variable | Meaning | Default |', '|---|---|---|', ...rows].join('\n');
}

function markers(readme: string): {start: number; end: number} {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has lost the markers of the gate's settings table: ${START} … ${END}`);
  return {start: start + START.length, end};
}

/** The table README.md shows now. */
export function gateSettingsTableIn(readme: string): string {
  const {start, end} = markers(readme);
  return readme.slice(start, end).trim();
}

/** `readme` with the table between its markers written anew. */
export function withGateSettingsTable(readme: string): string {
  const {start, end} = markers(readme);
  return `${readme.slice(0, start)}\n\n${gateSettingsTable()}\n\n${readme.slice(end)}`;
}
