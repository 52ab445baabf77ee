import { describe, expect, it } from 'vitest';
import { redactedUrl } from './log-redaction';

describe('redactedUrl', () => {
  it.each([
    ['/api/short-url/Ab3?pwd=Sh4re', '/api/short-url/Ab3?pwd=[redacted]'],
    ['/api/file/zip?ids=1,2&token=eyJ.x.y', '/api/file/zip?ids=1,2&token=[redacted]'],
    ['/api/object/a/b.jpg?exp=1&sig=abc&rcd=x', '/api/object/a/b.jpg?exp=1&sig=[redacted]&rcd=x'],
    ['/s/Ab3?PWD=x', '/s/Ab3?PWD=[redacted]'],
    ['/x?X-Amz-Signature=1&X-Amz-Credential=2', '/x?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]'],
    ['/api/auth?cpt=qcdesk-web&format=json', '/api/auth?cpt=qcdesk-web&format=json'],
    ['/healthz', '/healthz'],
    ['/a?flag&%ZZ=1', '/a?flag&%ZZ=1'],
  ])('%s', (url, logged) => {
    expect(redactedUrl(url)).toBe(logged);
  });
});
