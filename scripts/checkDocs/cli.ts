/**
 * `npm run check:docs`: reads every doc of every version and lists every problem at once, each with its
 * file and line (plugins/checkDocs/check.ts decides, as it does for the build's warnings). MEDIA_ORIGINS is the operator's setting the gate
 * will run with. Exits 1 on any error; warnings alone pass.
 */
import path from 'node:path';
import {parseMediaOrigins} from '../../contracts/mediaOrigins';
import {checkSite, formatReport} from '../../plugins/checkDocs/check';
import {readSite} from '../../plugins/checkDocs/readSite';

async function main(): Promise<void> {
  const site = await readSite(path.resolve(process.argv[2] ?? '.'), parseMediaOrigins(process.env.MEDIA_ORIGINS));
  const problems = checkSite(site);
  console.log(formatReport(problems, site.docs.length));
  if (problems.some((problem) => problem.severity === 'error')) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(`check:docs: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
