import type {ReactNode} from 'react';
import {AuthProvider} from '@site/src/auth/AuthProvider';
import {RequireReader} from '@site/src/auth/RequireReader';

/** Every route, /login included, is shown only as RequireReader decides. */
export default function Root({children}: {children: ReactNode}): ReactNode {
  return (
    <AuthProvider>
      <RequireReader>{children}</RequireReader>
    </AuthProvider>
  );
}
