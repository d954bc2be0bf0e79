import type {ReactNode} from 'react';
import {AuthProvider} from '@site/src/auth/AuthProvider';
import {AuthGate} from '@site/src/auth/AuthGate';

/** Every route, /login included, sits inside the sign-in gate. */
export default function Root({children}: {children: ReactNode}): ReactNode {
  return (
    <AuthProvider>
      <AuthGate>{children}</AuthGate>
    </AuthProvider>
  );
}
