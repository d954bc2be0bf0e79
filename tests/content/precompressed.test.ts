/**
 * The `.br` and `.gz` copies `npm run build` leaves beside the built files (plugins/precompress, run
 * once per file in each build's postBuild): the gate sends them in place of the
 * file, so each must be there when the policy plans it, and must decode to the file as it was built
 * last (a page rewritten after it was compressed would be served as it was before).
 */
import {existsSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {listBuildFiles, PRECOMPRESSED_SUFFIX} from '../../contracts/buildLayout';
import {isSearchIndex} from '../../contracts/searchIndexFiles';
import {compressionPlan, isCompressible} from '../../contracts/compression';
import {audienceMapOf, LOGIN_BUILD_DIR, markersOf, SITE_BUILD_DIR} from '../support/builtFiles';

const COPIES = [
  {suffix: PRECOMPRESSED_SUFFIX.br, decode: brotliDecompressSync},
  {suffix: PRECOMPRESSED_SUFFIX.gzip, decode: gunzipSync},
] as const;

describe.each([
  ['the site', SITE_BUILD_DIR],
  ['the login build', LOGIN_BUILD_DIR],
])('precompressed copies of %s', (_name, dir) => {
  // A file with audience markers is cut per reader by the gate, never sent whole: it has no copies. The login build has none.
  const markers = dir === SITE_BUILD_DIR ? markersOf(dir) : null;
  const holdsMarkers = (file: string) => markers?.mayHold(readFileSync(path.join(dir, file), 'utf8')) ?? false;
  const planned = listBuildFiles(dir).filter((file) => isCompressible(file) && !holdsMarkers(file));

  it('exist for every text file the policy gives a copy, on the site its search indexes too', () => {
    const missing = planned
      .filter((file) => compressionPlan(file, statSync(path.join(dir, file)).size) !== null)
      .flatMap((file) => COPIES.filter(({suffix}) => !existsSync(path.join(dir, file + suffix))).map(({suffix}) => file + suffix));
    expect(missing).toEqual([]);
    if (dir === SITE_BUILD_DIR) expect(planned.filter((file) => isSearchIndex(file)).length).toBeGreaterThan(0);
  });

  it('each decode to the file as built', () => {
    const stale = planned.flatMap((file) => {
      const content = readFileSync(path.join(dir, file));
      return COPIES.filter(({suffix}) => existsSync(path.join(dir, file + suffix)))
        .filter(({suffix, decode}) => !decode(readFileSync(path.join(dir, file + suffix))).equals(content))
        .map(({suffix}) => file + suffix);
    });
    expect(stale).toEqual([]);
  });
});

// Only the site has audience markers (the login build is everyone's).
it('leaves no copy beside a file of the site with audience markers: a copy of the whole would hold every reader’s pieces', () => {
  const markers = markersOf(SITE_BUILD_DIR);
  const marked = listBuildFiles(SITE_BUILD_DIR).filter(
    (file) => isCompressible(file) && markers.mayHold(readFileSync(path.join(SITE_BUILD_DIR, file), 'utf8')),
  );
  // The site has pages for some readers only: it has marked files to check.
  expect(audienceMapOf(SITE_BUILD_DIR).audiences.length).toBeGreaterThan(0);
  expect(marked.length).toBeGreaterThan(0);
  expect(
    marked.flatMap((file) =>
      COPIES.filter(({suffix}) => existsSync(path.join(SITE_BUILD_DIR, file + suffix))).map(({suffix}) => file + suffix),
    ),
  ).toEqual([]);
});
