/** The gate server: Fastify, its official plugins, and our two route plugins. */
import {randomUUID} from 'node:crypto';
import Fastify, {LogController, type FastifyInstance, type FastifyServerOptions} from 'fastify';
import {deleteApp, initializeApp} from 'firebase-admin/app';
import {getAuth, type Auth} from 'firebase-admin/auth';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type {GateConfig} from './config';
import {LiveBuild} from './liveBuild';
import {NO_STORE} from './headers';
import {securityHeaders} from './securityHeaders';
import {clientErrorHandler, errorHandler, frameworkErrorHandler} from './errors';
import {memoryFilesPlugin} from './memoryFiles';
import {PolicySource} from './policySource';
import {IdentityService} from './identity';
import {healthRoutes} from './routes/health';
import {SessionAuthority} from './sessions';
import {sessionRoutes} from './routes/session';
import {siteRoutes} from './routes/site';

export interface GateDependencies {
  config: GateConfig;
  /** Firebase Admin's Auth for the configured project (or the emulator). */
  auth: Auth;
  logger?: FastifyServerOptions['logger'];
}

const HSTS = 'max-age=31536000; includeSubDomains';
const PROBES: ReadonlySet<string> = new Set(['/healthz', '/readyz']);
/** Larger files (a big site's search index) are rare requests: streaming them from disk is fine. */
const MAX_MEMORY_FILE_BYTES = 4 * 1024 * 1024;

export async function buildGateServer({config, auth, logger = false}: GateDependencies): Promise<FastifyInstance> {
  const build = await LiveBuild.open(config.buildDir);
  // Both follow the build being served: its CSP hashes, and the stylesheets error pages borrow.
  const security = securityHeaders(config, () => build.inlineScriptHashes());
  const errorPageAssets = {stylesheets: () => build.current.stylesheets};
  const app = Fastify({
    // Answers given before any hook runs carry the security headers too, and echo nothing back.
    frameworkErrors: frameworkErrorHandler(security, errorPageAssets),
    clientErrorHandler: clientErrorHandler(security),
    logger,
    // Fastify's own request logging writes two lines a request; ours below writes one.
    logController: new LogController({disableRequestLogging: true}),
    trustProxy: config.trustProxy,
    // Long paths get our own 414, not the router's 404.
    routerOptions: {maxParamLength: 4096},
    return503OnClosing: true,
    // Refuse what the schemas do not describe, rather than quietly reshaping it.
    ajv: {customOptions: {removeAdditional: false, coerceTypes: false}},
  });

  build.watch(app.log);
  app.addHook('onClose', async () => build.close());
  const identity = new IdentityService(config.identityTimeoutMs, app.log);
  const policy = new PolicySource(config.policy, app.log);
  const sessions = new SessionAuthority(auth, {
    ...config,
    identity,
    policy: policy.current,
    // The audit trail: one JSON line per event, never a cookie or a token.
    audit: (event) => app.log.info(event, event.event.replace(/-/g, ' ')),
    warn: (message, details) => app.log.warn(details, message),
  });
  policy.onChange(() => sessions.applyPolicy());
  app.addHook('onClose', async () => policy.close());

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(security(request.raw));
  });
  await app.register(fastifyCookie);
  await app.register(fastifyStatic, {
    // Each file is sent with the root of the build it belongs to.
    root: build.current.site.root,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
  });
  await app.register(memoryFilesPlugin, {maxBytes: config.memoryCacheBytes, maxFileBytes: MAX_MEMORY_FILE_BYTES});

  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // A file that went missing from disk answers an error; no browser may keep that for a year.
    if (reply.statusCode >= 400 && String(reply.getHeader('cache-control')).includes('immutable')) reply.header('cache-control', NO_STORE);
  });

  if (config.logRequests) {
    // One line a request; the path without its query, which can carry a reader's search. Health
    // probes every few seconds would drown the rest.
    app.addHook('onResponse', async (request, reply) => {
      if (PROBES.has(request.url)) return;
      request.log.info(
        {method: request.method, path: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime)},
        'request',
      );
    });
  }

  app.setErrorHandler(errorHandler(errorPageAssets));
  // Another method, or no route at all: an empty 404 that repeats nothing of the request.
  app.setNotFoundHandler(async (_request, reply) => reply.code(404).header('cache-control', NO_STORE).send());
  await app.register(healthRoutes, {identity, probe: () => auth.getUser('tutorial-hub-readiness-probe')});
  await app.register(sessionRoutes, {config, sessions});
  await app.register(siteRoutes, {sessions, build, errorPageAssets});
  return app;
}

/** The gate as `npm run serve` runs it: Firebase Admin for the configured project, over the build. */
export async function createGateServer(config: GateConfig, options: Pick<GateDependencies, 'logger'> = {}): Promise<FastifyInstance> {
  // firebase-admin reads the emulator address from the environment.
  if (config.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.emulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const firebaseApp = initializeApp({projectId: config.projectId}, `gate-${randomUUID()}`);
  const app = await buildGateServer({config, auth: getAuth(firebaseApp), ...options});
  app.addHook('onClose', async () => deleteApp(firebaseApp));
  return app;
}
