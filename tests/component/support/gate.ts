/**
 * The gate server's endpoints as the site calls them (src/auth/gateApi.ts, through `fetch`): a session is
 * started for any ID token (or refused as the test says), the browser sends the new cookie back unless the
 * test says it does not (a planted cookie hides it), and sign-outs end what they are asked to. Every call
 * is kept, in order.
 */
import {
  LOGOUT_ENDPOINT,
  SESSION_ENDPOINT,
  SIGN_IN_OPTIONS_ENDPOINT,
  type SessionRefusal,
  type SignInOptions,
} from '../../../contracts/session';

interface GateSettings {
  options: SignInOptions;
  /** The reader policy's refusal of every sign-in, or null: admitted. */
  refusal: SessionRefusal | null;
  /** Whether the browser sends the new session cookie back (GET /api/session). */
  cookieSticks: boolean;
  /** Whether POST /api/logout can be reached. */
  signOutAnswers: boolean;
}

const DEFAULTS: GateSettings = {options: {signUp: 'open', emailSignIn: 'both'}, refusal: null, cookieSticks: true, signOutAnswers: true};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), {status, headers: {'content-type': 'application/json'}});

export const gate = {
  settings: {...DEFAULTS},
  calls: [] as {method: string; path: string; body: unknown}[],
  /** The calls to one endpoint, as `METHOD path`. */
  callsTo(path: string): string[] {
    return this.calls.filter((call) => call.path === path).map((call) => `${call.method} ${call.path}`);
  },
  reset(): void {
    this.settings = {...DEFAULTS};
    this.calls = [];
  },
  fetch: async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const path = new URL(String(input), window.location.href).pathname;
    const method = init.method ?? 'GET';
    gate.calls.push({method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined});
    const {settings} = gate;
    if (path === SIGN_IN_OPTIONS_ENDPOINT) return json(200, settings.options);
    if (path === SESSION_ENDPOINT && method === 'POST')
      return settings.refusal ? json(403, {error: settings.refusal}) : new Response(null, {status: 204});
    if (path === SESSION_ENDPOINT) return new Response(null, {status: settings.cookieSticks ? 204 : 401});
    if (path === LOGOUT_ENDPOINT) {
      if (!settings.signOutAnswers) throw new TypeError('Failed to fetch');
      const {everywhere} = JSON.parse(String(init.body)) as {everywhere: boolean};
      return json(200, {scope: everywhere ? 'everywhere' : 'session', pending: false});
    }
    return new Response(null, {status: 404});
  },
};
