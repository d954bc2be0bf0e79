/**
 * The process plugins/audiences/buildProof.ts starts to prove a build's files on the core the search
 * indexer leaves idle: argv[2] names the job (the files with their readers, what names each page, the
 * build's marker key), argv[3] where to write the findings. A process of its own rather than a call:
 * its hundred megabytes of text are read and let go apart from the indexer's heap.
 */
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {MarkerSyntax} from '../../contracts/audienceMarkers';
import {conditionOfKey} from '../../contracts/audiences';
import {LeakProof, proofTextOf, templateOfFile, type Finding, type Identity, type Readership} from './leakProof';

export interface ProofJob {
  outDir: string;
  siteUrl: string;
  /** File → condition key. */
  files: [string, string][];
  identities: Identity[];
  readership: Readership;
  markerKey: string;
}

async function main(job: ProofJob, out: string): Promise<void> {
  const proof = new LeakProof(job.identities, job.readership, job.siteUrl);
  const markers = new MarkerSyntax(job.markerKey);
  const findings: Finding[] = [];
  for (const [file, key] of job.files) {
    const text = proofTextOf(await readFile(path.join(job.outDir, file)));
    if (text === null) continue;
    findings.push(...proof.findingsIn({file, condition: conditionOfKey(key), text, template: templateOfFile(file, text, markers)}));
  }
  await writeFile(out, JSON.stringify(findings));
}

readFile(process.argv[2]!, 'utf8')
  .then((job) => main(JSON.parse(job) as ProofJob, process.argv[3]!))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
