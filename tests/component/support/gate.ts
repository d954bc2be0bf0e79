/**
 * The gate server's endpoints as the site calls them (src/auth/gateApi.ts, through `fetch`): a session is
 * started for any ID token (or refused as the test says), the browser sends the new cookie back unless the
 * test says it does not (a planted cookie hides it), and sign-outs end what they are asked to. Insights'
 * endpoints answer as the test says (`gate.insights`), by default as a gate with insights off. Every call
 * is kept, in order.
 */
import {
  LOGOUT_ENDPOINT,
  SESSION_ENDPOINT,
  SIGN_IN_OPTIONS_ENDPOINT,
  type SessionRefusal,
  type SignInOptions,
} from '../../../contracts/session';
import type {FeedbackAnswer, InsightsReport} from '../../../contracts/insights';
import {FEEDBACK_ENDPOINT, INSIGHTS_ACCESS, INSIGHTS_REPORT} from '../../../contracts/insights';

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

/** What a test's gate answers: a body or a status, or 'unreachable' (fetch rejects, as for a dropped connection). */
type Answer<T> = T | number | 'unreachable';

interface InsightsSettings {
  /** GET INSIGHTS_ACCESS: whether this reader may open /insights (204), else 404. */
  access: boolean;
  /** GET FEEDBACK_ENDPOINT?page=: the reader's answer (200), null for none yet (204); a status: insights off (404) or another. */
  answer: Answer<FeedbackAnswer | null>;
  /** POST FEEDBACK_ENDPOINT: its status (204: saved). */
  save: number | 'unreachable';
  /** GET INSIGHTS_REPORT: the report for the query asked (200), or a status; a promise holds the answer back. */
  report: (query: URLSearchParams) => Answer<InsightsReport> | Promise<Answer<InsightsReport>>;
}

const INSIGHTS_OFF: InsightsSettings = {access: false, answer: 404, save: 404, report: () => 404};

function answered<T>(answer: Answer<T>): Response {
  if (answer === 'unreachable') throw new TypeError('Failed to fetch');
  if (typeof answer === 'number') return new Response(null, {status: answer});
  return answer === null ? new Response(null, {status: 204}) : json(200, answer);
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), {status, headers: {'content-type': 'application/json'}});

export const gate = {
  settings: {...DEFAULTS},
  insights: {...INSIGHTS_OFF},
  /** `query`: the address's parameters (`?page=…`), '' for none. */
  calls: [] as {method: string; path: string; query: string; body: unknown}[],
  /** The calls to one endpoint, as `METHOD path`. */
  callsTo(path: string): string[] {
    return this.calls.filter((call) => call.path === path).map((call) => `${call.method} ${call.path}`);
  },
  reset(): void {
    this.settings = {...DEFAULTS};
    this.insights = {...INSIGHTS_OFF};
    this.calls = [];
  },
  fetch: async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const {pathname: path, search: query} = new URL(String(input), window.location.href);
    const method = init.method ?? 'GET';
    gate.calls.push({method, path, query, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined});
    const {settings, insights} = gate;
    if (path === INSIGHTS_ACCESS) return new Response(null, {status: insights.access ? 204 : 404});
    if (path === FEEDBACK_ENDPOINT && method === 'POST') return answered(insights.save);
    if (path === FEEDBACK_ENDPOINT) return answered(insights.answer);
    if (path === INSIGHTS_REPORT) return answered(await insights.report(new URLSearchParams(query)));
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
