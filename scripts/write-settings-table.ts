/** Rewrites README.md's table of the gate's settings from the settings schema. */
import {readFileSync, writeFileSync} from 'node:fs';
import {withGateSettingsTable} from './gateSettingsTable';

const readme = readFileSync('README.md', 'utf8');
writeFileSync('README.md', withGateSettingsTable(readme));
