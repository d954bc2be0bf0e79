/**
 * The build lists every image, video or embed from another site that the gate's policy (MEDIA_ORIGINS,
 * as the gate will run with it) would block, with its file and line: readers would see a broken image.
 * `npm run check:docs` fails on the same list; the build only warns.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import {blockedMediaMessage} from './checkDocs/check';
import {readExternalMedia} from './checkDocs/readSite';

export interface BlockedMediaOptions {
  /** The build's MEDIA_ORIGINS (contracts/buildSettings.ts), parsed. */
  mediaOrigins: string[];
}

/** Every media address in the docs that MEDIA_ORIGINS blocks, with its file, line and what check:docs says of it. */
export async function blockedMediaIn(
  siteDir: string,
  mediaOrigins: readonly string[],
): Promise<{file: string; line: number; message: string}[]> {
  return (await readExternalMedia(siteDir)).flatMap(({file, line, url}) => {
    const message = blockedMediaMessage(url, mediaOrigins);
    return message ? [{file, line, message}] : [];
  });
}

export default function blockedMedia(context: LoadContext, {mediaOrigins}: BlockedMediaOptions): Plugin {
  return {
    name: 'blocked-media',
    async postBuild() {
      const blocked = await blockedMediaIn(context.siteDir, mediaOrigins);
      if (blocked.length === 0) return;
      console.warn(
        [
          `[WARNING] ${blocked.length} media ${blocked.length === 1 ? 'URL' : 'URLs'} from other sites will not show: MEDIA_ORIGINS does not allow them.`,
          ...blocked.map((problem) => `  ${problem.file}:${problem.line}: ${problem.message}`),
        ].join('\n'),
      );
    },
  };
}
