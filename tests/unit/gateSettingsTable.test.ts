import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {gateSettingsTable, gateSettingsTableIn} from '../../scripts/gateSettingsTable';

describe("README's table of the gate's settings", () => {
  it('is the settings schema of server/config.ts, as `npm run settings:readme` writes it', () => {
    const shown = gateSettingsTableIn(readFileSync('README.md', 'utf8'));
    expect(shown, 'README.md differs from the settings schema: run `npm run settings:readme`').toBe(gateSettingsTable());
  });

  it('gives each setting its row, with its meaning and default', () => {
    expect(gateSettingsTable()).toContain('| `SIGN_UP` | `open` or `closed`: whether the login page offers "Create an account" | `open` |');
    expect(gateSettingsTable()).toContain('| `LOG_REQUESTS` | `true` to log one line per request (method, path, status, ms) | `true` when');
  });
});
