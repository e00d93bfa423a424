/**
 * Composition root: read the configuration, start one hub, stop cleanly on signals.
 * Nothing else lives here.
 */
import { startHub } from './app';
import { ConfigError, loadConfig } from './lib/config';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`辩时 hub: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const hub = await startHub({ config });
  const port = new URL(hub.url).port;
  process.stdout.write(`辩时 Bianshi 已启动：http://localhost:${port}\n`);

  const stop = (signal: string) => {
    hub.services.logger.info('stopping', { signal });
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    hub.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `辩时 hub failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
