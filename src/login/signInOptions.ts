/**
 * What the login page offers (GET /api/sign-in-options), asked of the gate server once a page load: the
 * form and the links the page sends go by the same answer. One build serves gates with any setting.
 */
import {useEffect, useState} from 'react';
import {fetchSignInOptions} from '@site/src/auth/gateApi';
import {AUTH_SETTINGS} from '@site/src/auth/siteSettings';
import {offeredOptions, type OfferedOptions, type OptionsAnswer} from './flow';

let asked: Promise<OptionsAnswer> | null = null;

function answer(): Promise<OptionsAnswer> {
  // Without a gate server (the dev server) there is nobody to ask: offeredOptions decides.
  asked ??= AUTH_SETTINGS.gateMode === 'server' ? fetchSignInOptions().catch((): OptionsAnswer => 'failed') : Promise.resolve('failed');
  return asked;
}

/** What the page offers, once the gate has answered. */
export async function signInOptions(): Promise<OfferedOptions> {
  return offeredOptions(AUTH_SETTINGS.gateMode, await answer());
}

/** What the page offers, for the markup: no "Create an account" until the gate said so, so it never shows only to vanish. */
export function useSignInOptions(): OfferedOptions {
  const [answered, setAnswered] = useState<OptionsAnswer>('pending');
  useEffect(() => {
    let current = true;
    void answer().then((options) => current && setAnswered(options));
    return () => {
      current = false;
    };
  }, []);
  return offeredOptions(AUTH_SETTINGS.gateMode, answered);
}
