/** The gate server: Fastify, its official plugins, and our two route plugins. */
import {randomUUID} from 'node:crypto';
import Fastify, {type FastifyInstance} from 'fastify';
import {initializeApp} from 'firebase-admin/app';
import {getAuth} from 'firebase-admin/auth';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type {GateConfig} from './config';
import {readBuild, type BuildInfo} from './build';
import {contentSecurityPolicy} from './headers';
import {memoryFilesPlugin} from './memoryFiles';
import {SessionAuthority} from './sessions';
import {sessionRoutes} from './routes/session';
import {siteRoutes} from './routes/site';

export interface GateDependencies {
  config: GateConfig;
  build: BuildInfo;
  sessions: SessionAuthority;
  logger?: boolean;
}

const HSTS = 'max-age=31536000; includeSubDomains';
/** Larger files (a big site's search index) are rare requests: streaming them from disk is fine. */
const MAX_MEMORY_FILE_BYTES = 4 * 1024 * 1024;

export async function buildGateServer({config, build, sessions, logger = false}: GateDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    // Long paths get our own 414, not the router's 404.
    routerOptions: {maxParamLength: 4096},
    return503OnClosing: true,
    // Refuse what the schemas do not describe, rather than quietly reshaping it.
    ajv: {customOptions: {removeAdditional: false, coerceTypes: false}},
  });

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
export async function createGateServer(config: GateConfig, {logger = false} = {}): Promise<FastifyInstance> {
  // firebase-admin reads the emulator address from the environment.
  if (config.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.emulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const firebaseApp = initializeApp({projectId: config.projectId}, `gate-${randomUUID()}`);
  const sessions = new SessionAuthority(getAuth(firebaseApp), config);
  const build = await readBuild(config.buildDir);
  return buildGateServer({config, build, sessions, logger});
}
