/** Rewrites README.md's tables of the build's and the gate's settings from their schemas. */
import {readFileSync, writeFileSync} from 'node:fs';
import {withSettingsTables} from './settingsTables';

const readme = readFileSync('README.md', 'utf8');
writeFileSync('README.md', withSettingsTables(readme));
