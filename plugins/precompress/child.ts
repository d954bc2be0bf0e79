/**
 * The process plugins/servedBuild.ts starts during the site build's postBuild: precompresses the build
 * in argv[2], all but the search indexes the indexer is still writing. A process of its own, not a call:
 * deciding and reading thousands of files would otherwise take turns with the indexer on one thread.
 */
import {precompress} from './index';

precompress(process.argv[2]!, {skipSearchIndexes: true}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
