/**
 * The process plugins/servedBuild.ts starts during a build's postBuild: precompresses the build in
 * argv[2], with `--skip-search-indexes` all but the search indexes the indexer is still writing, and
 * `--markers=<key>` the site's marker key (its audience map is written last). A process of its own, not
 * a call: deciding and reading thousands of files would otherwise take turns with the indexer on one thread.
 */
import {MarkerSyntax} from '../../contracts/audienceMarkers';
import {precompress} from './index';

const [root, ...flags] = process.argv.slice(2);
const key = flags.find((flag) => flag.startsWith('--markers='))?.slice('--markers='.length);

precompress(root!, {
  searchIndexes: flags.includes('--skip-search-indexes') ? 'skip' : 'include',
  ...(key ? {markers: new MarkerSyntax(key)} : {}),
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
