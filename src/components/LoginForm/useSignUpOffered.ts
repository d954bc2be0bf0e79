import {useEffect, useState} from 'react';
import {offersSignUp, type SignUpAnswer} from '@site/src/auth/loginFlow';
import {fetchSignInOptions} from '@site/src/auth/gateApi';
import type {AuthSettings} from '@site/src/auth/settings';

/**
 * Whether to offer "Create an account", asked of the gate server at run time (one build serves gates
 * with either setting). False until it answers, so the button never shows only to vanish.
 */
export function useSignUpOffered(settings: AuthSettings): boolean {
  const [answer, setAnswer] = useState<SignUpAnswer>('pending');

  useEffect(() => {
    if (settings.gateMode !== 'server') return undefined;
    let current = true;
    fetchSignInOptions().then(
      (options) => current && setAnswer(options.signUp),
      () => current && setAnswer('failed'),
    );
    return () => {
      current = false;
    };
  }, [settings.gateMode]);

  return offersSignUp(settings.gateMode, answer);
}
