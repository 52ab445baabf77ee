import { describeDatabase, openInstances } from './instances';
import { type Config, ConfigError, loadConfig, SANDBOX_PATH } from './platform/config';

/** The start-up line about the sandbox: where it is, or why there is none. */
function sandboxLine(config: Config, where: string | undefined): string {
  if (where)
    return `The sandbox (dev environment) is at ${config.publicUrl}${SANDBOX_PATH} (database: ${where}; it opens on its first request)`;
  if (config.SANDBOX === 'off') return 'No sandbox: SANDBOX=off';
  return 'No sandbox: on PostgreSQL it needs SANDBOX_DATABASE_URL, a database of its own';
}

async function main(): Promise<void> {
  const config = loadConfig();
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
  process.stdout.write(
    `\nQCDesk is running at http://localhost:${config.PORT} (database: ${describeDatabase(product)})\n` +
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
