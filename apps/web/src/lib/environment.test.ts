import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiBase, enterEnvironmentFromPath, readEnvironment, writeEnvironment } from './environment';

function address(pathname: string, search = '', hash = '') {
  const history = { state: { idx: 0 }, replaceState: vi.fn() };
  return { location: { pathname, search, hash }, history };
}

describe('environment (spec §1)', () => {
  afterEach(() => {
    localStorage.clear();
  });

  it('calls the sandbox under /dev', () => {
    expect(apiBase('dev')).toBe('/dev');
    expect(apiBase('product')).toBe('');
  });

  it('opens a sandbox link in the sandbox, at the same route without /dev', () => {
    const mail = address('/dev/en/password', '?token=abc', '#top');
    enterEnvironmentFromPath(mail.location, mail.history);
    expect(readEnvironment()).toBe('dev');
    expect(mail.history.replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/en/password?token=abc#top');

    writeEnvironment('product');
    const root = address('/dev');
    enterEnvironmentFromPath(root.location, root.history);
    expect(readEnvironment()).toBe('dev');
    expect(root.history.replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/');
  });

  it('leaves every other address and the chosen environment alone', () => {
    for (const path of ['/en/login', '/devices', '/s/abc', '/']) {
      const other = address(path);
      enterEnvironmentFromPath(other.location, other.history);
      expect(other.history.replaceState, path).not.toHaveBeenCalled();
    }
    expect(readEnvironment()).toBe('product');
  });
});
