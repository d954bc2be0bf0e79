/**
 * What an invitation does: which Firebase the command talks to (the gate's rule), the link it hands out,
 * and what becomes of an account the address already has. Pure.
 */
import {emulatorForRealProject, firebaseProjectFromEnv, type Env, type FirebaseProject} from '../../contracts/firebaseProject';
import {EMAIL_SIGN_IN_METHODS} from '../../contracts/session';
import {loginUrlFor} from '../../contracts/paths';
import {OriginSettingError, parsePublicOrigin} from '../../contracts/origins';
import {takeBackOf, type ClaimedAccount} from '../../server/rules/accountClaims';
import {DEMO_SITE_ORIGIN, UserError} from './commandLine';

/**
 * The link an invitation hands out, as the gate's EMAIL_SIGN_IN offers: a sign-in link, which leads to the
 * site's login page (PUBLIC_ORIGIN), unless the gate offers passwords only.
 */
export function invitationLinkOf(env: Env, isDemo: boolean): {kind: 'password'} | {kind: 'sign-in'; loginUrl: string} {
  const method = env.EMAIL_SIGN_IN || 'both';
  if (!(EMAIL_SIGN_IN_METHODS as readonly string[]).includes(method)) {
    throw new UserError(`EMAIL_SIGN_IN must be one of ${EMAIL_SIGN_IN_METHODS.join(', ')}; got "${method}".`);
  }
  if (method === 'password') return {kind: 'password'};
  let origin: string | null;
  try {
    // Read as the gate reads it, which refuses to start with one it would not accept.
    origin = parsePublicOrigin(env.PUBLIC_ORIGIN) ?? (isDemo ? DEMO_SITE_ORIGIN : null);
  } catch (error) {
    if (error instanceof OriginSettingError) throw new UserError(error.message);
    throw error;
  }
  if (origin === null) {
    throw new UserError('PUBLIC_ORIGIN is not set: a sign-in link leads to the site, so set it as the gate has it.');
  }
  return {kind: 'sign-in', loginUrl: `${origin}${loginUrlFor('/')}`};
}

/** The gate server's rule (contracts/firebaseProject.ts), so that both talk to the same Firebase by default. */
export function readersTarget(env: Env): Pick<FirebaseProject, 'projectId' | 'isDemo' | 'emulatorHost'> {
  const project = firebaseProjectFromEnv(env);
  if (emulatorForRealProject(project)) {
    throw new UserError(
      `FIREBASE_AUTH_EMULATOR_HOST is set, but the project "${project.projectId}" is not a demo- project; unset one of them.`,
    );
  }
  return {projectId: project.projectId, isDemo: project.isDemo, emulatorHost: project.emulatorHost};
}

/**
 * What an invitation does to the address's account (null: there is none). Only a verified address
 * shows that its owner made or claimed the account; anyone can make an unverified one for any address,
 * with a password or a provider of their own. Such an account is taken back (`reclaim`): its password
 * replaced by one nobody knows, its other sign-in methods removed, its sessions ended, so that only the
 * printed link, which goes to the mailbox and verifies the address as it signs the reader in (or sets the
 * password), lets anyone in.
 */
export type InviteAction =
  | {kind: 'create'}
  /** A verified account that can sign in: the reader's own, left as it is. */
  | {kind: 'keep'}
  /** An account nobody can sign in to yet (invited, its link unused): a fresh password link. */
  | {kind: 'link'}
  | {kind: 'reclaim'; providersToUnlink: string[]};

export function inviteAction(account: ClaimedAccount | null): InviteAction {
  if (account === null) return {kind: 'create'};
  if (account.providerIds.length === 0) return {kind: 'link'};
  const takeBack = takeBackOf(account);
  return takeBack === null ? {kind: 'keep'} : {kind: 'reclaim', ...takeBack};
}
