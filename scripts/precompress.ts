/**
 * `npm run build:compress [folder]`: writes the `.br` and `.gz` copies of a build's files that are not
 * yet up to date (plugins/precompress decides and compresses): for a build made without them (a plain
 * `docusaurus build`), as `npm run build` compresses in each build's postBuild. `--skip-search-indexes`
 * leaves the indexes out.
 */
import path from 'node:path';
import {BUILD_ROOT} from '../contracts/buildLayout';
import {precompress} from '../plugins/precompress';

const args = process.argv.slice(2);
const root = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? BUILD_ROOT);

precompress(root, {searchIndexes: args.includes('--skip-search-indexes') ? 'skip' : 'include'}).catch((error: unknown) => {
  console.error(`build:compress: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
