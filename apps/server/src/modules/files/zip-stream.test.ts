import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipEntryNames, zipStream } from './zip-stream';

describe('zip names', () => {
  it('are unique and flat', () => {
    expect(zipEntryNames(['a.jpg', 'A.jpg', 'a.jpg', 'x/y.pdf', 'noext', 'noext'])).toEqual([
      'a.jpg',
      'A (2).jpg',
      'a (3).jpg',
      'x_y.pdf',
      'noext',
      'noext (2)',
    ]);
  });
});

describe('zip stream', () => {
  it('round-trips several files read in chunks', async () => {
    const big = randomBytes(3 * 1024 * 1024);
    const text = Buffer.from('相同的内容'.repeat(10_000));
    const chunked = (data: Buffer) =>
      Readable.from(
        Array.from({ length: Math.ceil(data.length / 65536) }, (_, i) =>
          data.subarray(i * 65536, (i + 1) * 65536),
        ),
      );
    const zip = await buffer(
      zipStream([
        { name: '大图.jpg', open: async () => chunked(big) },
        { name: 'notes.txt', open: async () => chunked(text), mtime: new Date('2026-01-01T00:00:00Z') },
      ]),
    );
    const entries = unzipSync(new Uint8Array(zip));
    expect(Buffer.from(entries['大图.jpg']!).equals(big)).toBe(true);
    expect(Buffer.from(entries['notes.txt']!).equals(text)).toBe(true);
    // Repetitive text shrinks even at level 1.
    expect(zip.length).toBeLessThan(big.length + text.length / 10);
  });

  it('fails the stream when a file cannot be read', async () => {
    const zip = zipStream([
      { name: 'gone.pdf', open: async () => Promise.reject(new Error('missing object')) },
    ]);
    await expect(buffer(zip)).rejects.toThrow('missing object');
  });

  it('stops reading when the reader goes away', async () => {
    let reads = 0;
    const endless = new Readable({
      read() {
        reads++;
        this.push(randomBytes(65536));
      },
    });
    const zip = zipStream([{ name: 'endless.bin', open: async () => endless }]);
    zip.once('data', () => zip.destroy());
    await new Promise((resolve) => zip.once('close', resolve));
    // The source is destroyed once the zip lets go of it (later than 50 ms on a loaded machine).
    await expect.poll(() => endless.destroyed, { timeout: 5000 }).toBe(true);
    const seen = reads;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toBe(seen);
  });
});
