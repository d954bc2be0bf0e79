import type {ReactNode} from 'react';
import {AuthProvider} from '@site/src/auth/AuthProvider';
import {RequireReader} from '@site/src/auth/RequireReader';
import {SearchBoxProvider} from '@site/src/search/SearchBoxProvider';

/**
 * Every route, /login included, is shown only as RequireReader decides. Above every page's layout, the
 * navbar box's state lasts from one page to the next (SearchBoxProvider).
 */
export default function Root({children}: {children: ReactNode}): ReactNode {
  return (
    <AuthProvider>
      <SearchBoxProvider>
        <RequireReader>{children}</RequireReader>
      </SearchBoxProvider>
    </AuthProvider>
  );
}
