import React, {useEffect, useRef, useState, type FormEvent, type ReactNode} from 'react';
import Layout from '@theme/Layout';
import {useHistory, useLocation} from '@docusaurus/router';
import {useAuth} from '@site/src/auth/AuthProvider';
import {messageForAuthError} from '@site/src/auth/errors';
import {postLoginTarget} from '@site/src/auth/paths';
import {
  completeProviderRedirect,
  createAccount,
  isBackFromProviderRedirect,
  resumeSession,
  sendResetLink,
  signInWithPassword,
  signInWithProvider,
  signOutReader,
  type ProviderName,
} from '@site/src/auth/signIn';
import styles from './login.module.css';

type FormMode = 'sign-in' | 'sign-up' | 'reset';

const SUBMIT_LABEL: Record<FormMode, {idle: string; busy: string}> = {
  'sign-in': {idle: 'Sign in', busy: 'Signing in…'},
  'sign-up': {idle: 'Create account', busy: 'Creating your account…'},
  reset: {idle: 'Send reset link', busy: 'Sending…'},
};

const HEADING: Record<FormMode, string> = {
  'sign-in': 'Sign in to Tutorial Hub',
  'sign-up': 'Create your Tutorial Hub account',
  reset: 'Reset your password',
};

export default function LoginPage(): ReactNode {
  const {status, settings} = useAuth();
  const location = useLocation();
  const history = useHistory();
  const target = postLoginTarget(location.search, location.hash);

  const [mode, setMode] = useState<FormMode>('sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [resuming, setResuming] = useState(false);
  // A ref, not state: a second click in the same frame must see the first one.
  const inFlight = useRef(false);

  const goToTarget = () => {
    if (settings.gateMode === 'server') window.location.replace(target);
    else history.replace(target);
  };

  async function run(work: () => Promise<boolean>): Promise<void> {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError('');
    setNotice('');
    try {
      if (await work()) goToTarget();
    } catch (caught) {
      setError(messageForAuthError(caught));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  // Back from a provider's page after a blocked popup.
  useEffect(() => {
    if (isBackFromProviderRedirect()) void run(() => completeProviderRedirect(settings));
  }, []);

  // Firebase still knows this reader (an expired server session, or /login opened while signed in).
  useEffect(() => {
    if (status !== 'signed-in' || inFlight.current) return;
    setResuming(true);
    void run(async () => {
      try {
        await resumeSession(settings);
        return true;
      } catch (caught) {
        await signOutReader(settings).catch(() => undefined);
        throw caught;
      } finally {
        setResuming(false);
      }
    });
  }, [status]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (mode === 'reset') {
        await sendResetLink(settings, email);
        setNotice(`If an account uses ${email.trim()}, a link to reset its password is on its way.`);
        return false;
      }
      await (mode === 'sign-in' ? signInWithPassword : createAccount)(settings, email, password);
      return true;
    });
  };

  const withProvider = (name: ProviderName) =>
    run(async () => {
      await signInWithProvider(settings, name);
      return true;
    });

  const switchButton = (next: FormMode, label: string) => (
    <button
      type="button"
      className={styles.linkButton}
      onClick={() => {
        setMode(next);
        setError('');
        setNotice('');
      }}>
      {label}
    </button>
  );

  const label = SUBMIT_LABEL[mode];

  return (
    <Layout title="Sign in" description="Sign in to read the Tutorial Hub tutorials.">
      <main className={styles.page}>
        <div className={styles.card}>
          <h1 className={styles.heading}>{HEADING[mode]}</h1>
          {resuming ? (
            <p role="status">Welcome back. Signing you in…</p>
          ) : (
            <>
              <p className={styles.lead}>Tutorial Hub is for signed-in readers. Sign in to continue to your tutorial.</p>
              <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
                <label className={styles.label} htmlFor="login-email">Email</label>
                <input
                  id="login-email"
                  className={styles.input}
                  type="email"
                  name="email"
                  autoComplete="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  aria-describedby="login-error"
                />
                {mode !== 'reset' && (
                  <>
                    <label className={styles.label} htmlFor="login-password">Password</label>
                    <input
                      id="login-password"
                      className={styles.input}
                      type="password"
                      name="password"
                      autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
                      value={password}
                      onChange={(event) => setPassword(event.target.value)}
                      aria-describedby="login-error"
                    />
                  </>
                )}
                <p id="login-error" role="alert" className={styles.error}>{error}</p>
                <p role="status" className={styles.notice}>{notice}</p>
                <button type="submit" className="button button--primary button--block" disabled={busy}>
                  {busy ? label.busy : label.idle}
                </button>
              </form>
              <div className={styles.switches}>
                {mode !== 'reset' && switchButton('reset', 'Forgot password?')}
                {mode === 'sign-in' ? switchButton('sign-up', 'Create an account') : switchButton('sign-in', 'Back to sign in')}
              </div>
              <p className={styles.divider}><span>or</span></p>
              <div className={styles.providers}>
                <button type="button" className="button button--secondary button--block" disabled={busy} onClick={() => void withProvider('google')}>
                  Continue with Google
                </button>
                <button type="button" className="button button--secondary button--block" disabled={busy} onClick={() => void withProvider('github')}>
                  Continue with GitHub
                </button>
              </div>
            </>
          )}
        </div>
      </main>
    </Layout>
  );
}
