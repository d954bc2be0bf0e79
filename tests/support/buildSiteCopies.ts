/**
 * `npm run build:site-copies`: the site the browser tests serve, the fixture site (fixtureSite.ts), built
 * unless it is current, after the repository's own build.
 *
 * `npm run build:test-sites` runs it in two steps instead, so that the copies do not wait for the
 * repository's build, of which they take only the login build: `--sites` builds their sites beside
 * `npm run build` (run-p), each in a process of its own; `--login` then adds the login build.
 */
import {FIXTURE_SITE_COPY} from './fixtureSite';
import {addLoginBuilds, buildSiteCopyBesideBuild, siteCopyIsCurrent} from './siteCopies';

const COPIES = [FIXTURE_SITE_COPY];
const step = process.argv[2];
if (step !== undefined && step !== '--sites' && step !== '--login') {
  console.error(`build:site-copies: unknown option ${step} (--sites or --login, or neither for both)`);
  process.exit(1);
}

async function buildSites(): Promise<boolean> {
  const builds = COPIES.map(async (copy) => {
    if (siteCopyIsCurrent(copy.site)) return console.log(`The site at ${copy.site} is current.`);
    const started = performance.now();
    await buildSiteCopyBesideBuild(copy);
    console.log(`Built the site at ${copy.site} in ${Math.round((performance.now() - started) / 1000)} s.`);
  });
  // Every build is waited for, failed or not, so that none is left running.
  const failures = (await Promise.allSettled(builds)).flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  for (const failure of failures) console.error(failure instanceof Error ? failure.message : failure);
  return failures.length === 0;
}

void (async () => {
  if (step !== '--login' && !(await buildSites())) process.exit(1);
  if (step !== '--sites') addLoginBuilds(COPIES);
})();
