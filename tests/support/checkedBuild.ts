/**
 * `npm test`'s `npm run build` of the repository (`npm run build:test-sites`): the product's build, its output
 * shown as it comes, failed as the site copies' builds are (checkSiteBuild) when a page's HTML is not what
 * React renders. That is what proves every page of the site's own docs hydrates; the browser loads a few
 * (tests/e2e/site/pages.spec.ts).
 */
import {spawn} from 'node:child_process';
import {REPO} from '../../testkit/siteCopy';
import {checkSiteBuild} from './siteCopies';

const command = ['npm', 'run', 'build'];
const build = spawn(command[0]!, command.slice(1), {
  cwd: REPO,
  stdio: ['ignore', 'inherit', 'pipe'],
  // Docusaurus leaves its warnings out when this is set: here they are the check.
  env: {...process.env, DOCUSAURUS_IGNORE_SSG_WARNINGS: 'false'},
});
let stderr = '';
build.stderr.setEncoding('utf8').on('data', (chunk: string) => {
  stderr += chunk;
  process.stderr.write(chunk);
});
build.once('close', (status) => {
  // A failed build has said why above.
  if (status !== 0) process.exit(status ?? 1);
  try {
    checkSiteBuild(REPO, command, status, stderr);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
});
