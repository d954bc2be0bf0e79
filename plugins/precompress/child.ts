/**
 * The process plugins/servedBuild.ts starts during a build's postBuild: precompresses the build in
 * argv[2], with `--skip-search-indexes` all but the search indexes the indexer is still writing. A
 * process of its own, not a call: deciding and reading thousands of files would otherwise take turns
 * with the indexer on one thread.
 */
import {precompress} from './index';

precompress(process.argv[2]!, {searchIndexes: process.argv[3] === '--skip-search-indexes' ? 'skip' : 'include'}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
