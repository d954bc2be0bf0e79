/**
 * The build's settings, read once by docusaurus.config.ts: each variable's name, type, default and
 * meaning as a TypeBox schema (contracts/envSettings.ts). README.md's table of the build's settings
 * is written from it (`npm run settings:readme`).
 */
import {Type, type Static} from '@sinclair/typebox';
import {SettingError, oneOf, readSettings, text} from './envSettings';
import {DEFAULT_EMULATOR_HOST, DEMO_API_KEY, DEMO_PROJECT_ID, firebaseProjectFromEnv, type Env} from './firebaseProject';

export const GATE_MODES = ['server', 'client', 'off'] as const;

export const BUILD_SETTINGS = Type.Object(
  {
    FIREBASE_PROJECT_ID: text('Firebase project the login page signs readers in to', `\`${DEMO_PROJECT_ID}\``),
    FIREBASE_API_KEY: text("The Firebase web app's API key. **Required for a real project**", `\`${DEMO_API_KEY}\` for \`demo-\` projects`),
    FIREBASE_AUTH_DOMAIN: text("Host of Firebase's auth handler, which sign-in popups load", '`<project id>.firebaseapp.com`'),
    FIREBASE_APP_ID: text("The Firebase web app's id"),
    FIREBASE_AUTH_EMULATOR_HOST: text('Auth emulator the browser talks to', `\`${DEFAULT_EMULATOR_HOST}\` for \`demo-\` projects`),
    TUTORIAL_HUB_GATE: Type.Optional(
      oneOf(GATE_MODES, {
        defaultText: '`server`; `client` in the dev server',
        description:
          '`server` (behind the gate server), `client` (static hosting: the browser hides pages until Firebase answers), `off` (no sign-in; benchmarks only)',
      }),
    ),
    TUTORIAL_HUB_PRECOMPRESS: oneOf(['0', '1'], {
      default: '0',
      description:
        '`1` writes `.br` and `.gz` copies of the built files for the gate to serve (`npm run build` sets it; a plain `docusaurus build` does not)',
    }),
    MEDIA_ORIGINS: text(
      "The gate's setting of the same name (below), as the gate will run with it: the build warns of every image, video or embed from another site that it blocks",
    ),
  },
  {additionalProperties: false},
);

export type BuildSettings = Static<typeof BUILD_SETTINGS>;

/** The build's settings from `env`; throws SettingError naming the variable that is wrong or missing. */
export function readBuildSettings(env: Env): BuildSettings {
  const settings = readSettings(BUILD_SETTINGS, env);
  const {projectId, isDemo} = firebaseProjectFromEnv(settings);
  if (!isDemo && !settings.FIREBASE_API_KEY) {
    throw new SettingError(`FIREBASE_API_KEY is required for the Firebase project "${projectId}"`);
  }
  return settings;
}
