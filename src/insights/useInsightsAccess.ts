/**
 * Whether the gate lets this reader open the insights page (contracts/insights.ts, INSIGHTS_ACCESS: 204 yes,
 * anything else no), asked once, the first time `wanted` is true (the account menu opened): no reader pays a
 * request for a link they never look for.
 */
import {useEffect, useRef, useState} from 'react';
import {INSIGHTS_ACCESS} from '@site/contracts/insights';

export function useInsightsAccess(wanted: boolean): boolean {
  const [allowed, setAllowed] = useState(false);
  const asked = useRef(false);
  useEffect(() => {
    if (!wanted || asked.current) return;
    asked.current = true;
    fetch(INSIGHTS_ACCESS, {credentials: 'same-origin'}).then(
      (response) => setAllowed(response.status === 204),
      // Unreachable: no link, as for a reader who may not open it.
      () => undefined,
    );
  }, [wanted]);
  return allowed;
}
