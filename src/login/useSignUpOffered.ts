import {useEffect, useState} from 'react';
import {offersSignUp, type SignUpAnswer} from './flow';
import {fetchSignInOptions} from '@site/src/auth/gateApi';
import {AUTH_SETTINGS} from '@site/src/auth/siteSettings';

/**
 * Whether to offer "Create an account", asked of the gate server at run time (one build serves gates
 * with either setting). False until it answers, so the button never shows only to vanish.
 */
export function useSignUpOffered(): boolean {
  const [answer, setAnswer] = useState<SignUpAnswer>('pending');

  useEffect(() => {
    if (AUTH_SETTINGS.gateMode !== 'server') return undefined;
    let current = true;
    fetchSignInOptions().then(
      (options) => current && setAnswer(options.signUp),
      () => current && setAnswer('failed'),
    );
    return () => {
      current = false;
    };
  }, []);

  return offersSignUp(AUTH_SETTINGS.gateMode, answer);
}
