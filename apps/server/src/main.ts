import cluster from 'node:cluster';
import { describeDatabase, openInstances } from './instances';
import { type Config, ConfigError, loadConfig, SANDBOX_PATH } from './platform/config';

/** The start-up line about the sandbox: where it is, or why there is none. */
function sandboxLine(config: Config, where: string | undefined): string {
  if (where)
    return `The sandbox (dev environment) is at ${config.publicUrl}${SANDBOX_PATH} (database: ${where}; it opens on its first request)`;
  if (config.SANDBOX === 'off') return 'No sandbox: SANDBOX=off';
  return 'No sandbox: on PostgreSQL it needs SANDBOX_DATABASE_URL, a database of its own';
}

/**
 * `PROCESSES` > 1: this process forks that many servers, which share the port (Node's cluster hands
 * each new connection to the next one), and starts a new one when one dies; SIGTERM and SIGINT go to
 * every server, and this process ends when they have. The servers keep nothing another needs in
 * memory (ADR 0029): sessions, nonces, checkouts, jobs and limits live in PostgreSQL.
 */
function runCluster(config: Config): void {
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < config.PROCESSES; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    process.stderr.write(`QCDesk process ${worker.id} ended (${signal ?? code}); starting another\n`);
    setTimeout(fork, 1000);
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.PROCESSES > 1 && cluster.isPrimary) return runCluster(config);
  const instances = await openInstances(config, {
    // The sandbox opens on its first request under /dev (issue 33); its job worker starts then.
    onSandboxOpen: (sandbox, ms) => {
      sandbox.app.jobs.start();
      sandbox.app.server.log.info({ ms: Math.round(ms) }, 'sandbox opened');
    },
  });
  const { product, sandbox } = instances;
  product.app.jobs.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    product.app.server.log.info({ signal }, 'shutting down');
    await instances.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await product.app.server.listen({ host: config.HOST, port: config.PORT });
  // One line per server; the first of a cluster says the rest.
  if (cluster.isWorker && cluster.worker?.id !== 1) return;
  process.stdout.write(
    `\nQCDesk is running at http://localhost:${config.PORT} (database: ${describeDatabase(product)}` +
      `${config.PROCESSES > 1 ? `, ${config.PROCESSES} processes` : ''})\n` +
      `${sandboxLine(config, sandbox && describeDatabase(sandbox))}\n\n`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(
    `QCDesk failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
