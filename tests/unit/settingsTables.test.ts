import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {settingsTable, settingsTableIn, withSettingsTables, type TableName} from '../../scripts/settingsTables';

describe("README's tables of the build's and the gate's settings", () => {
  it.each<TableName>(['build', 'gate'])('%s: is its settings schema, as `npm run settings:readme` writes it', (name) => {
    const shown = settingsTableIn(readFileSync('README.md', 'utf8'), name);
    expect(shown, 'README.md differs from the settings schema: run `npm run settings:readme`').toBe(settingsTable(name));
  });

  it('gives each setting its row, with its meaning and default', () => {
    expect(settingsTable('gate')).toContain(
      '| `SIGN_UP` | `open` or `closed`: whether the login page offers "Create an account" | `open` |',
    );
    expect(settingsTable('gate')).toContain(
      '| `LOG_REQUESTS` | `true` to log one line per request (method, path, status, ms) | `true` when',
    );
    expect(settingsTable('build')).toContain('| `TUTORIAL_HUB_GATE` | `server` (behind the gate server)');
    expect(settingsTable('build')).toContain(
      '| `FIREBASE_AUTH_EMULATOR_HOST` | Auth emulator the browser talks to | `127.0.0.1:9099` for `demo-` projects |',
    );
  });

  it('finds a README that differs from a schema, and writes the schema into it', () => {
    const readme = readFileSync('README.md', 'utf8');
    const stale = readme.replace('| `TUTORIAL_HUB_GATE` |', '| `TUTORIAL_HUB_MODE` |');
    expect(settingsTableIn(stale, 'build')).not.toBe(settingsTable('build'));
    expect(withSettingsTables(stale)).toBe(readme);
  });
});
