/**
 * One action at a time, for the actions of React's `useActionState` (the login page, the account menu).
 * React queues a second action behind the first instead of dropping it, and a fast double click comes
 * before React has re-rendered to disable the button. So each action is asked for with the step of the
 * state the reader saw, and runs only if the state has not moved on since.
 */
export interface ActionSteps {
  /** Counts the state's changes. */
  readonly step: number;
  /** The page is on its way elsewhere: nothing more to do here. */
  readonly leaving: boolean;
}

export function isCurrentStep(state: ActionSteps, seen: number): boolean {
  return !state.leaving && seen === state.step;
}
