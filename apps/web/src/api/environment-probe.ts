import { apiBase, type Environment } from '../lib/environment';

/**
 * Whether the server answers the envelope API of an environment: the sandbox lives under `/dev`,
 * which a server without one answers with the web app's index page instead of a public key.
 */
export async function environmentReachable(
  env: Environment,
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  try {
    const response = await fetcher(`${apiBase(env)}/api/publickey`, {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { publicKey?: unknown };
    return typeof body.publicKey === 'string';
  } catch {
    return false;
  }
}
