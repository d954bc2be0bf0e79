/**
 * The gate server: `buildGateServer` makes the Fastify instance from its dependencies (the
 * configuration, Firebase's Auth, a logger, a clock) without opening a port, so tests call
 * `app.inject`; `gateApp` is the application itself, as a plugin: @fastify/cookie, our plugins,
 * then the routes.
 */
import fastifyCookie from '@fastify/cookie';
import Fastify, {LogController, type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions} from 'fastify';
import type {Auth} from 'firebase-admin/auth';
import type {GateConfig} from './config';
import {buildFilesPlugin} from './plugins/app/buildFiles';
import {connectionLimitsPlugin} from './plugins/app/connectionLimits';
import {fastifyTrustProxy} from './rules/trustedProxies';
import {clientErrorHandler, errorHandlingPlugin, frameworkErrorHandler, type ErrorPageAssets} from './plugins/app/errors';
import {requestLogPlugin} from './plugins/app/requestLog';
import {responseHeadersPlugin} from './plugins/app/responseHeaders';
import {securityHeaders, type SecurityHeaders} from './plugins/app/securityHeaders';
import {systemClock, type Clock} from './services/clock';
import {IdentityService} from './services/identity';
import {LiveBuild} from './services/liveBuild';
import {PolicySource} from './services/policySource';
import {audiencesOf} from './rules/readerPolicy';
import {SessionAuthority, type Session} from './services/sessionAuthority';
import {signOutSettleMs} from './services/signOuts';
import {healthRoutes} from './routes/health';
import {sessionRoutes} from './routes/session';
import {siteRoutes} from './routes/site';
import {insightsOffRoutes, insightsRoutes} from './routes/insights';
import {Insights} from './services/insights';
import {InsightsPages} from './services/insightsPages';
import {canonicalPath} from '../contracts/paths';
import {INSIGHTS_PAGE} from '../contracts/insights';
import {audiencesKey, isInsightsReader} from './rules/insights';

export interface GateDependencies {
  config: GateConfig;
  /** Firebase Admin's Auth for the configured project (or the emulator). */
  auth: Auth;
  logger?: FastifyServerOptions['logger'];
  /** Every service's time and timers: the system's unless a test brings its own. */
  clock?: Clock;
}

interface GateAppOptions {
  config: GateConfig;
  auth: Auth;
  clock: Clock;
  build: LiveBuild;
  security: SecurityHeaders;
  errorPageAssets: ErrorPageAssets;
}

/** Larger files (a big site's search index) are rare requests: streaming them from disk is fine. */
const MAX_MEMORY_FILE_BYTES = 4 * 1024 * 1024;

export const gateApp: FastifyPluginAsync<GateAppOptions> = async (app, {config, auth, clock, build, security, errorPageAssets}) => {
  build.watch(app.log);
  app.addHook('onClose', async () => build.close());
  const identity = new IdentityService(config.identityTimeoutMs, app.log, clock);
  const policy = new PolicySource(config.policy, app.log);
  const sessions = new SessionAuthority(auth, {
    ...config,
    identity,
    policy: policy.current,
    // The audit trail: one JSON line per event, never a cookie or a token.
    audit: (event) => app.log.info(event, event.event.replace(/-/g, ' ')),
    log: app.log,
    clock,
    signOutSettleMs: signOutSettleMs(config.identityTimeoutMs),
    signOutRetryMs: config.identityTimeoutMs,
  });
  app.addHook('onClose', async () => sessions.close());
  policy.onChange(() => sessions.applyPolicy());
  app.addHook('onClose', async () => policy.close());
  // An audience the build does not define gives nobody anything: say which line names one.
  const reportUnknownAudiences = () => {
    const defined = build.current.audiences.defined;
    for (const {line, audience} of policy.namedAudiences()) {
      if (defined.has(audience)) continue;
      app.log.warn(
        {file: config.policy.emailsFile, line, audience},
        `Line ${line} of the allowed-emails file names the audience "${audience}", which the docs do not define (audiences.json): it gives nobody anything`,
      );
    }
  };
  reportUnknownAudiences();
  policy.onChange(reportUnknownAudiences);

  // Reads the session cookie and sets it; signed cookies are not used (Firebase signs the session).
  await app.register(fastifyCookie);
  await app.register(responseHeadersPlugin, {security});
  // After the response headers: a connection turned away is answered with them too.
  await app.register(connectionLimitsPlugin, {total: config.maxConnections, perClient: config.maxConnectionsPerClient});
  await app.register(buildFilesPlugin, {maxBytes: config.memoryCacheBytes, maxFileBytes: MAX_MEMORY_FILE_BYTES});
  if (config.logRequests) await app.register(requestLogPlugin);

  await app.register(errorHandlingPlugin, {assets: errorPageAssets});

  await app.register(healthRoutes, {identity, probe: () => auth.getUser('tutorial-hub-readiness-probe')});
  await app.register(sessionRoutes, {config, sessions, clock});
  const readerAudiences = (session: Session) => audiencesOf(session.email, policy.current());
  const insightsAudience = config.insights?.audience ?? null;
  // The authors' page is nobody's while insights are off, and only INSIGHTS_AUDIENCE's readers' while they are on.
  const hiddenFrom = (path: string, audiences: readonly string[]) =>
    canonicalPath(path) === INSIGHTS_PAGE && !(config.insights !== null && isInsightsReader(audiences, insightsAudience));
  let onPageLoad: ((session: Session, audiences: readonly string[], path: string) => void) | undefined;
  if (config.insights === null) await app.register(insightsOffRoutes, {sessions});
  else {
    const insights = await Insights.open(config.insights, app.log, clock);
    app.addHook('onClose', async () => insights.close());
    if (insightsAudience !== null && !build.current.audiences.defined.has(insightsAudience)) {
      app.log.warn(
        {audience: insightsAudience},
        `INSIGHTS_AUDIENCE names the audience "${insightsAudience}", which the docs do not define (audiences.json): nobody may open /insights`,
      );
    }
    const pages = new InsightsPages(build);
    await app.register(insightsRoutes, {
      config,
      insights,
      pages,
      sessions,
      build,
      audiencesOf: readerAudiences,
      insightsAudience,
    });
    // A page load the gate serves is a read: counted as the beacons' are, with no request of the browser's.
    onPageLoad = (_session, audiences, path) => {
      const read = pages.readOf(path);
      if (read !== null)
        insights.writer.countRead({day: insights.today(), ...read, audiences: audiencesKey(build.definedOf(audiences)), reads: 1});
    };
  }
  await app.register(siteRoutes, {
    sessions,
    build,
    errorPageAssets,
    audiencesOf: readerAudiences,
    publicPages: config.publicPages,
    hiddenFrom,
    ...(onPageLoad ? {onPageLoad} : {}),
  });
};

export async function buildGateServer({config, auth, logger = false, clock = systemClock}: GateDependencies): Promise<FastifyInstance> {
  const build = await LiveBuild.open(config.buildDir, clock);
  // Both follow the build being served: its CSP hashes, and the chrome error pages borrow.
  const security = securityHeaders(config, () => build.inlineScriptHashes());
  const errorPageAssets: ErrorPageAssets = {chrome: () => build.current.chrome};
  const app = Fastify({
    // Answers given before any hook runs carry the security headers too, and echo nothing back.
    frameworkErrors: frameworkErrorHandler(security, errorPageAssets),
    clientErrorHandler: clientErrorHandler(security),
    logger,
    // Fastify's own request logging writes two lines a request; requestLog writes one.
    logController: new LogController({disableRequestLogging: true}),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Long paths get our own 414, not the router's 404.
    routerOptions: {maxParamLength: 4096},
    return503OnClosing: true,
    // Slow-header and slow-body clients are cut; Node checks running requests against the timeouts
    // every `connectionsCheckingInterval`, which defaults to 30 s.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.idleTimeoutMs,
    http: {
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.min(config.headersTimeoutMs, config.requestTimeoutMs) / 4)),
    },
    // The only bodies are the session endpoints' small JSON.
    bodyLimit: 16 * 1024,
    // Refuse what the schemas do not describe, rather than quietly reshaping it.
    ajv: {customOptions: {removeAdditional: false, coerceTypes: false}},
  });
  // Node checks it from the moment a connection opens: a connection that sends nothing is closed then.
  app.server.headersTimeout = Math.min(config.headersTimeoutMs, config.requestTimeoutMs);
  await app.register(gateApp, {config, auth, clock, build, security, errorPageAssets});
  return app;
}
