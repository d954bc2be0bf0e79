/** Starts the gate server over an existing build: `npm run serve`. */
import {ConfigError, loadConfig, type GateConfig} from './config';
import {createGateServer} from './app';
import {DEMO_READER} from './demoReader';
import {describePolicy} from './readerPolicy';

function configOrExit(): GateConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Tutorial Hub gate server: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
  // JSON lines on stdout: the audit trail and errors always, every request on demand.
  const app = await createGateServer(config, {
    logger: {level: process.env.LOG_LEVEL || 'info'},
    logRequests: process.env.LOG_REQUESTS === 'true',
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
  await app.listen({port: config.port, host: config.host});
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  console.log(`\nTutorial Hub is ready at ${url}`);
  if (config.emulatorHost) {
    console.log(`  Identity: Firebase Auth emulator at ${config.emulatorHost} (project ${config.projectId})`);
    console.log(`  Demo reader: ${DEMO_READER.email} / ${DEMO_READER.password}`);
  } else {
    console.log(`  Identity: Firebase project ${config.projectId}`);
  }
  console.log(
    config.openDemoPolicy
      ? '  Readers: no reader policy set, so any account with a verified email may read (demo projects only)\n'
      : `  Readers: ${describePolicy(config.policy.domains, config.policy.emailsFile)}; sign-up ${config.signUp}\n`,
  );
}

main().catch((error: unknown) => {
  console.error('Tutorial Hub gate server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
