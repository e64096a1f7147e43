import { ConfigError, loadConfig } from '../platform/config/config';
import { startPlatform, type Role, type RunningPlatform } from './platform';
import { contexts } from '../contexts';
import { takeOverShutdownSignals } from '../platform/postgres/embedded-postgres';
import { platformVersion } from '../platform/version';
import { webDist } from './embedded';
import { applyWorkerSwitches } from './worker-switches';

/**
 * Entry point of every role: `embedded` (everything in one process, the default of `npm start`) or
 * one role of the distributed topology (api, projector, relay, persister, transcoder, analyzer), one per
 * container.
 */
const roleSets: Record<string, Role[]> = {
  embedded: ['api', 'projector'],
  api: ['api'],
  projector: ['projector'],
  relay: ['relay'],
  persister: ['persister'],
  // The workers run beside the API code they share (jobs read models, object store); their containers
  // publish no port, so their HTTP answers only health checks and internal calls.
  transcoder: ['api'],
  analyzer: ['api'],
};

async function main(): Promise<void> {
  const name = process.argv[2] ?? 'embedded';
  const roles = roleSets[name];
  if (!roles) {
    console.error(`Unknown role '${name}'. Roles: ${Object.keys(roleSets).join(', ')}`);
    process.exit(2);
  }
  applyWorkerSwitches(name, process.env);
  const config = loadConfig();
  console.log(`Sabaq ${platformVersion}: starting ${name} (${roles.join(', ')})`);
  // Signals are handled from the very start: a Ctrl-C during start-up still stops whatever started.
  const started: { platform?: RunningPlatform } = {};
  let stopping = false;
  const stop = () => {
    const running = started.platform;
    if (!running) return; // still starting: stopped as soon as start-up finishes
    running.stop().then(
      () => {
        console.log('stopped cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('shutdown failed', error);
        process.exit(1);
      },
    );
  };
  const shutdown = (signal: string) => {
    if (stopping) {
      console.error(`${signal} again: exiting without a clean shutdown`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: shutting down`);
    stop();
  };
  takeOverShutdownSignals();
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  const platform = await startPlatform({ config, roles, contexts, webDist });
  started.platform = platform;
  if (stopping) return stop();
  console.log(platform.url ? `Sabaq is ready: ${platform.url}` : `Sabaq ${name} is running`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
