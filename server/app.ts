/** The gate server: Fastify, its official plugins, and our two route plugins. */
import {randomUUID} from 'node:crypto';
import Fastify, {type FastifyInstance, type FastifyServerOptions} from 'fastify';
import {deleteApp, initializeApp} from 'firebase-admin/app';
import {getAuth, type Auth} from 'firebase-admin/auth';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type {GateConfig} from './config';
import {readBuild, type BuildInfo} from './build';
import {contentSecurityPolicy} from './headers';
import {memoryFilesPlugin} from './memoryFiles';
import {PolicySource} from './policySource';
import {SessionAuthority} from './sessions';
import {sessionRoutes} from './routes/session';
import {siteRoutes} from './routes/site';

export interface GateDependencies {
  config: GateConfig;
  build: BuildInfo;
  /** Firebase Admin's Auth for the configured project (or the emulator). */
  auth: Auth;
  logger?: FastifyServerOptions['logger'];
  /** Log every request, not only the audit trail and errors. */
  logRequests?: boolean;
}

const HSTS = 'max-age=31536000; includeSubDomains';
/** Larger files (a big site's search index) are rare requests: streaming them from disk is fine. */
const MAX_MEMORY_FILE_BYTES = 4 * 1024 * 1024;

export async function buildGateServer({config, build, auth, logger = false, logRequests = false}: GateDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    disableRequestLogging: !logRequests,
    trustProxy: config.trustProxy,
    // Long paths get our own 414, not the router's 404.
    routerOptions: {maxParamLength: 4096},
    return503OnClosing: true,
    // Refuse what the schemas do not describe, rather than quietly reshaping it.
    ajv: {customOptions: {removeAdditional: false, coerceTypes: false}},
  });

  const policy = new PolicySource(config.policy, app.log);
  const sessions = new SessionAuthority(auth, {
    ...config,
    policy: policy.current,
    // The audit trail: one JSON line per event, never a cookie or a token.
    audit: (event) => app.log.info(event, event.event.replace(/-/g, ' ')),
    warn: (message, details) => app.log.warn(details, message),
  });
  policy.onChange(() => sessions.applyPolicy());
  app.addHook('onClose', async () => policy.close());

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config, build.inlineScriptHashes),
    },
    // Sign-in popups talk back to their opener.
    crossOriginOpenerPolicy: {policy: 'same-origin-allow-popups'},
    xFrameOptions: {action: 'deny'},
    referrerPolicy: {policy: 'strict-origin-when-cross-origin'},
    // Sent below, and only over https.
    strictTransportSecurity: false,
  });
  await app.register(fastifyStatic, {
    root: build.root,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
  });
  await app.register(memoryFilesPlugin, {root: build.root, maxBytes: config.memoryCacheBytes, maxFileBytes: MAX_MEMORY_FILE_BYTES});

  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });

  app.setErrorHandler((error: Error & {statusCode?: number; code?: string}, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : null;
    reply.header('cache-control', 'no-store');
    if (status) return reply.code(status).send({error: error.code ?? 'bad-request', message: error.message});
    request.log.error(error);
    // The identity service is the one dependency that can fail under us.
    return reply.code(503).send({error: 'unavailable', message: 'The sign-in service cannot be reached. Try again shortly.'});
  });

  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({status: 'ok'}));
  await app.register(sessionRoutes, {config, sessions});
  await app.register(siteRoutes, {sessions, files: build.files, publicPaths: build.publicPaths});
  return app;
}

/** The gate as `npm run serve` runs it: Firebase Admin for the configured project, over the build. */
export async function createGateServer(
  config: GateConfig,
  options: Pick<GateDependencies, 'logger' | 'logRequests'> = {},
): Promise<FastifyInstance> {
  // firebase-admin reads the emulator address from the environment.
  if (config.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.emulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const build = await readBuild(config.buildDir);
  const firebaseApp = initializeApp({projectId: config.projectId}, `gate-${randomUUID()}`);
  const app = await buildGateServer({config, build, auth: getAuth(firebaseApp), ...options});
  app.addHook('onClose', async () => deleteApp(firebaseApp));
  return app;
}
