import type {ReactNode} from 'react';

export interface FailureScreenProps {
  heading: string;
  /** What happened and what to do, in the reader's words. */
  message: string;
  /** The error's own text, without its stack; left out when there is none. */
  detail?: string;
  actionLabel: string;
  onAction(): void;
}

/**
 * The page's main content when it cannot be shown, placed where a page's content goes, inside the
 * site's chrome. Its classes are global (src/css/custom.css): src/clientModules/chunkFailure.ts
 * builds the same screen without React, in a page that never hydrated.
 */
export default function FailureScreen({heading, message, detail, actionLabel, onAction}: FailureScreenProps): ReactNode {
  return (
    <main className="container margin-vert--xl">
      <div className="th-failure">
        <h1>{heading}</h1>
        <p>{message}</p>
        {detail && <p className="th-failure__detail">{detail}</p>}
        <button type="button" className="button button--primary" onClick={onAction}>
          {actionLabel}
        </button>
      </div>
    </main>
  );
}
