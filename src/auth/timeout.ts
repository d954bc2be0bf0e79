import {AuthFlowError} from './errors';

/** The identity service can hang on a half-open connection; a reader should not wait forever. */
export const AUTH_REQUEST_TIMEOUT_MS = 15_000;

export function withTimeout<T>(work: Promise<T>, ms: number = AUTH_REQUEST_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AuthFlowError('auth/timeout')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
