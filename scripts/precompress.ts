/**
 * Writes `.br` and `.gz` siblings of the build's text files, so the gate server sends
 * compressed bytes without compressing on every request.
 */
import {readdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {brotliCompress, constants, gzip} from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(?:html|js|css|json|svg|txt|xml|map|webmanifest)$/;
/** Below this, the compressed copy saves less than a network packet. */
const MIN_BYTES = 1024;

async function precompress(file: string): Promise<number> {
  const content = await readFile(file);
  if (content.length < MIN_BYTES) return 0;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, {level: 9}),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return 1;
}

async function main(): Promise<void> {
  const root = path.resolve(process.argv[2] ?? 'build');
  const entries = await readdir(root, {recursive: true});
  const files = entries.filter((entry) => COMPRESSIBLE.test(entry)).map((entry) => path.join(root, entry));
  const started = performance.now();
  let written = 0;
  // A few at a time: compression is CPU-bound and the machine is small.
  const queue = [...files];
  await Promise.all(
    Array.from({length: 4}, async () => {
      for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
        const count = await precompress(file);
        written += count;
      }
    }),
  );
  console.log(`Precompressed ${written} of ${files.length} files in ${Math.round(performance.now() - started)} ms (${root}).`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
