import type {ReactNode} from 'react';
import Layout from '@theme-original/Layout';
import type {Props} from '@theme/Layout';
import {useAuth} from '@site/src/auth/AuthProvider';
import FailureScreen from '@site/src/chrome/FailureScreen';
import {errorText} from '@site/src/failure/rules';

/** Every page's layout; while the sign-in code cannot be loaded, the page's content gives way to a screen saying so. */
export default function LayoutWrapper(props: Props): ReactNode {
  const {loadError, retryLoad} = useAuth();
  if (!loadError) return <Layout {...props} />;
  return (
    <Layout {...props} title="Sign-in unavailable">
      <FailureScreen
        heading="This page cannot be shown right now"
        message={loadError.message}
        detail={errorText(loadError.cause)}
        actionLabel="Try again"
        onAction={retryLoad}
      />
    </Layout>
  );
}
