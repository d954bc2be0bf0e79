/** Starts the gate server over an existing build: `npm run serve`. */
import closeWithGrace from 'close-with-grace';
import {loadConfig, type GateConfig} from './config';
import {settingsOrExit} from '../contracts/envSettings';
import {buildGateServer} from './app';
import {firebaseAuth} from './services/firebaseAuth';
import {FINAL_FLUSH_MS, logDestination} from './services/logDestination';
import {signOutCloseMs} from './services/signOuts';
import {DEMO_GUEST, DEMO_READER} from '../contracts/demoReader';
import {INSIGHTS_PAGE} from '../contracts/insights';
import {readFileSync} from 'node:fs';
import type {AddressInfo} from 'node:net';
import {audiencesOf, describePolicy, parseEmailList} from './rules/readerPolicy';

/** Time for the last requests' connections to close after they were cut. */
const FORCE_EXIT_MARGIN_MS = 2000;
/** A second SIGINT within this of the first is the same Ctrl-C, delivered twice (see below). */
const SAME_INTERRUPT_MS = 2000;

async function main(): Promise<void> {
  const config = settingsOrExit('Tutorial Hub gate server', () => loadConfig(process.env));
  // firebase-admin reads the emulator's address only from the environment, and the embedded
  // default (a demo project, nothing set) exists only in the config: write it there, once.
  if (config.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.emulatorHost;
  const firebase = firebaseAuth(config.projectId);
  // JSON lines on stdout: start and stop, the audit trail, identity outages, errors, and requests.
  const log = logDestination();
  const app = await buildGateServer({config, auth: firebase.auth, logger: {level: config.logLevel, stream: log.stream}});

  // SIGTERM and SIGINT (and an error nothing caught) close the server gracefully, as fastify/demo does.
  // Requests still running at the deadline lose their connections. Then the sign-outs' read-backs still
  // due run, and the log's last lines get a moment of their own (logDestination.ts: a reader that stopped
  // reading holds nothing up). Past all of it and a margin, the process exits anyway, and says so.
  const forceExitMs = config.shutdownTimeoutMs + signOutCloseMs(config.identityTimeoutMs) + FINAL_FLUSH_MS + FORCE_EXIT_MARGIN_MS;
  const onTimeout = (delay: number) => {
    app.log.error(
      {event: 'shutdown-timeout', delayMs: delay},
      'Stopped by force: work still running (a sign-out being read back among it) is lost',
    );
    log.abandon();
  };
  const grace = closeWithGrace({delay: forceExitMs, logger: app.log, onTimeout, skip: ['SIGINT']}, async ({signal, err, manual}) => {
    if (err) app.log.error({err}, 'Stopping after an error nothing caught');
    app.log.info(
      {event: 'stopping', signal: manual ? 'SIGINT' : signal, deadlineMs: config.shutdownTimeoutMs},
      'Stopping: no new connections; finishing requests in flight',
    );
    const deadline = setTimeout(() => {
      app.log.warn({event: 'shutdown-deadline'}, 'Requests still in flight at the shutdown deadline were cut');
      app.server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    deadline.unref();
    await app.close();
    // Only now: the gate's own closing still talks to Firebase (sign-outs' read-backs), and a root
    // onClose hook would run before the gate's.
    await firebase.close();
    app.log.info({event: 'stopped'}, 'Stopped');
    await log.finish();
  });
  // One Ctrl-C under `npm start` reaches the gate twice, a few milliseconds apart: the terminal signals the whole
  // group, and `firebase emulators:exec` passes it on to its script. A second SIGINT that soon is the same press;
  // a later one stops the gate at once, as closeWithGrace does for a second signal of any other kind.
  let interruptedAt: number | null = null;
  process.on('SIGINT', () => {
    if (interruptedAt === null) {
      interruptedAt = Date.now();
      void grace.close();
    } else if (Date.now() - interruptedAt >= SAME_INTERRUPT_MS) {
      app.log.error('second SIGINT, exiting');
      process.exit(1);
    }
  });

  await app.listen({port: config.port, host: config.host});
  app.log.info({event: 'started', projectId: config.projectId, emulator: config.emulatorHost !== null}, 'Started');
  // The port it listens on: the one the system chose when PORT is 0.
  const {port} = app.server.address() as AddressInfo;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  console.log(`\nTutorial Hub is ready at ${url}`);
  if (config.emulatorHost) {
    console.log(`  Identity: Firebase Auth emulator at ${config.emulatorHost} (project ${config.projectId})`);
    const noteOf = audiencesNote(config);
    for (const {email, password} of [DEMO_READER, DEMO_GUEST]) console.log(`  Demo reader: ${email} / ${password}${noteOf(email)}`);
  } else {
    console.log(`  Identity: Firebase project ${config.projectId}`);
  }
  console.log(
    config.openDemoPolicy
      ? '  Readers: no reader policy set, so any account with a verified email may read (demo projects only)'
      : `  Readers: ${describePolicy(config.policy.domains, config.policy.emailsFile)}; sign-up ${config.signUp}`,
  );
  console.log(`${insightsNote(config, url)}\n`);
}

/** Where insights are kept, and who may read them. */
function insightsNote({insights}: GateConfig, url: string): string {
  if (insights === null) return '  Insights: off';
  const where = insights.databaseUrl === null ? `an embedded database in ${insights.dataDir}` : 'PostgreSQL at DATABASE_URL';
  const who =
    insights.audience === null
      ? 'nobody may read them (set INSIGHTS_AUDIENCE)'
      : `${url}${INSIGHTS_PAGE} for readers in ${insights.audience}`;
  return `  Insights: kept in ${where}; ${who}`;
}

/** What the readers file, read once, says of each demo reader's audiences, when there is one. */
function audiencesNote(config: GateConfig): (email: string) => string {
  if (config.policy.emailsFile === null) return () => '';
  const list = parseEmailList(readFileSync(config.policy.emailsFile, 'utf8'));
  const policy = {domains: new Set<string>(), emails: list.emails, listedDomains: list.domains, audiences: list.audiences};
  return (email) => {
    const audiences = audiencesOf(email, policy);
    return audiences.length === 0 ? ' (in no audience)' : ` (in ${audiences.join(', ')})`;
  };
}

main().catch((error: unknown) => {
  console.error('Tutorial Hub gate server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
