import {useCallback, useRef, useState} from 'react';
import {messageForAuthError} from './errors';

/** What an action tells the hook when it is done: `leaving` keeps the controls busy while the page navigates away. */
export type ActionResult = void | 'leaving';

export interface BusyAction {
  busy: boolean;
  /** The last failure as a sentence for the reader, or ''. */
  error: string;
  setError(message: string): void;
  /** Runs one action at a time: a second call while one is under way is ignored. */
  run(action: () => Promise<ActionResult>): Promise<void>;
}

/** The busy-and-error pattern of the login page and the account menu. */
export function useBusyAction(): BusyAction {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // A ref, not state: a second click in the same frame must see the first one.
  const inFlight = useRef(false);

  const run = useCallback(async (action: () => Promise<ActionResult>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError('');
    let result: ActionResult = undefined;
    try {
      result = await action();
    } catch (caught) {
      setError(messageForAuthError(caught));
    }
    if (result === 'leaving') return;
    inFlight.current = false;
    setBusy(false);
  }, []);

  return {busy, error, setError, run};
}
