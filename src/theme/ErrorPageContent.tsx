import type {ReactNode} from 'react';
import type {Props} from '@theme/Error';
import FailureScreen from '@site/src/chrome/FailureScreen';
import {errorText} from '@site/src/failure/rules';

/**
 * A page that crashed, inside the layout. Ours rather than the classic theme's, whose error text is
 * pure red (3.99:1 on white, under AA): the shared failure screen reads at AA in both modes.
 */
export default function ErrorPageContent({error, tryAgain}: Props): ReactNode {
  return (
    <FailureScreen
      heading="This page crashed"
      message="Something went wrong while showing this page. Try again; if it happens again, reload the page."
      detail={errorText(error)}
      actionLabel="Try again"
      onAction={tryAgain}
    />
  );
}
