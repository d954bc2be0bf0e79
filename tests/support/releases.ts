import {renameSync, symlinkSync} from 'node:fs';
import path from 'node:path';

/** Points `<dir>/current` at `<dir>/releases/<release>` in one rename, as a deploy does. */
export function switchRelease(dir: string, release: string): void {
  const next = path.join(dir, 'current.next');
  symlinkSync(path.join(dir, 'releases', release), next);
  renameSync(next, path.join(dir, 'current'));
}
