/**
 * How the harness builds a site copy (testkit/siteCopy.ts): with the product's own scripts
 * (package.json), so that the tests and the benchmarks serve what production serves.
 */
import {DEMO_PROJECT_ID} from '../contracts/firebaseProject';
import type {GateMode} from '../src/auth/settings';

/** What a build is made for: the gate server in front (the product), or none (`off`, the benchmarks' plain Docusaurus anchor). */
export type BuiltGateMode = Extract<GateMode, 'server' | 'off'>;

/**
 * The environment a build needs, on top of the caller's: the browser code embeds the project and the
 * emulator's address; CI: no update notice, no prompts. `docusaurus serve` loads the config, so needs it too.
 */
export function siteBuildEnv(emulatorHost: string, gate: BuiltGateMode = 'server'): Record<string, string> {
  return {FIREBASE_PROJECT_ID: DEMO_PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, TUTORIAL_HUB_GATE: gate, CI: 'true'};
}

export interface SiteBuildCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * A build run in a copy's folder, into `buildOut`:
 * - `site`: the readers' site as `npm run build` makes it (`build:site`), into `<buildOut>/site`;
 * - `product`: all of `npm run build` (site, login build, precompressed copies, server), laid out as the gate serves it;
 * - `plain`: Docusaurus's own build into `buildOut`, without precompressed copies; with `gate` off, the
 *   site without sign-in (the benchmarks' anchor for a reader's page), else the same site as the product's.
 */
export function siteBuildCommand(
  kind: 'site' | 'product' | 'plain',
  buildOut: string,
  emulatorHost: string,
  gate: BuiltGateMode = 'server',
): SiteBuildCommand {
  const script = {site: ['build:site'], product: ['build'], plain: ['docusaurus', '--', 'build', '--out-dir', buildOut]}[kind];
  return {command: 'npm', args: ['run', ...script], env: {...siteBuildEnv(emulatorHost, gate), BUILD_OUT: buildOut}};
}
