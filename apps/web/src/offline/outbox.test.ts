import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { NETWORK_ERROR_CODE } from '../api/client';
import {
  coalesce,
  decide,
  emptyOutbox,
  localIds,
  type OutboxEntry,
  pendingPhotos,
  queuedBody,
  replaceIds,
  type ServerReport,
} from './outbox';
import { memoryStore } from './store';
import { photoKey, type SyncDeps, syncReport } from './sync';

const update = (body: Record<string, unknown>): OutboxEntry => ({ path: 'inspection/report/update', body });
const held = (version: number): ServerReport => ({
  version,
  checkout: { expiresAt: '2999-01-01T00:00:00Z' },
  actions: ['update'],
});

describe('the outbox queue', () => {
  it('drops the version and replaces an earlier write of the same section, keeping the others in order', () => {
    expect(queuedBody({ id: '7', version: 3, defects: [] })).toEqual({ id: '7', defects: [] });
    let queue = coalesce([], update({ id: '7', defects: [1] }));
    queue = coalesce(queue, { path: 'inspection/report/quantity/update', body: { id: '7', products: [] } });
    queue = coalesce(queue, update({ id: '7', weights: {} }));
    queue = coalesce(queue, update({ id: '7', defects: [1, 2] }));
    expect(queue.map((e) => Object.keys(e.body).join())).toEqual(['id,products', 'id,weights', 'id,defects']);
    expect(queue.at(-1)?.body.defects).toEqual([1, 2]);
  });

  it('replaces local photo ids by the stored ones everywhere in a body', () => {
    const body = { defects: [{ photoIds: ['local-a', '12'] }], photoIds: ['local-b'] };
    expect(localIds(body)).toEqual(new Set(['local-a', 'local-b']));
    expect(replaceIds(body, { 'local-a': '90', 'local-b': '91' })).toEqual({
      defects: [{ photoIds: ['90', '12'] }],
      photoIds: ['91'],
    });
  });

  it('uploads only the photos the queue names and the server does not hold yet', () => {
    const outbox = emptyOutbox('7', 3);
    outbox.photos = [
      { id: 'local-a', name: 'a.png' },
      { id: 'local-b', name: 'b.png' },
      { id: 'local-c', name: 'c.png' },
    ];
    outbox.entries = [update({ photoIds: ['local-a', 'local-b'] })];
    outbox.uploaded = { 'local-a': '90' };
    expect(pendingPhotos(outbox).map((p) => p.id)).toEqual(['local-b']);
  });

  it('decides: the holder sends; a free, unchanged report is taken again; anything else conflicts', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    expect(decide(held(5), 3, now)).toBe('send');
    expect(decide({ version: 3, checkout: null, actions: [] }, 3, now)).toBe('retake');
    const lapsed = { version: 3, checkout: { expiresAt: '2026-11-28T09:00:00Z' }, actions: [] };
    expect(decide(lapsed, 3, now)).toBe('retake');
    expect(decide({ version: 4, checkout: null, actions: [] }, 3, now)).toBe('conflict');
    const taken = { version: 3, checkout: { expiresAt: '2026-11-28T18:00:00Z' }, actions: [] };
    expect(decide(taken, 3, now)).toBe('conflict');
  });
});

function deps(server: ServerReport, store = memoryStore()) {
  const sent: { path: string; body: Record<string, unknown>; version: number }[] = [];
  const uploads: string[] = [];
  const saves: number[] = [];
  let version = server.version;
  const d: SyncDeps = {
    store,
    fetchReport: async () => ({ ...server, version }),
    checkout: async () => {
      version += 1;
      return held(version);
    },
    send: async (entry, v) => {
      if (v !== version)
        throw new ApiError({ code: 409, status: 200, reason: 'E_VERSION', message: 'stale' });
      sent.push({ ...entry, version: v });
      version += 1;
      return { version };
    },
    upload: async (file) => {
      uploads.push(file.name);
      return { id: String(100 + uploads.length) };
    },
    save: async (outbox) => {
      saves.push(outbox.entries.length);
    },
  };
  return { d, sent, uploads, saves, store };
}

describe('the sync', () => {
  it('uploads the photos, then sends the queue along the version chain with the stored ids', async () => {
    const { d, sent, uploads, store } = deps(held(5));
    await store.put(photoKey('local-a'), new Blob(['a'], { type: 'image/png' }));
    const outbox = emptyOutbox('7', 5);
    outbox.photos = [{ id: 'local-a', name: 'a.png' }];
    outbox.entries = [
      update({ id: '7', defects: [{ photoIds: ['local-a'] }] }),
      update({ id: '7', weights: {} }),
    ];
    expect(await syncReport(outbox, d)).toEqual({ kind: 'done', version: 7 });
    expect(uploads).toEqual(['a.png']);
    expect(sent.map((s) => s.version)).toEqual([5, 6]);
    expect(sent[0]?.body).toEqual({ id: '7', defects: [{ photoIds: ['101'] }] });
    expect(outbox.entries).toEqual([]);
    // A second run sends nothing again.
    expect(await syncReport(outbox, d)).toEqual({ kind: 'idle' });
    expect(uploads).toHaveLength(1);
  });

  it('takes a lapsed checkout again when the report is unchanged, else keeps the edits apart', async () => {
    const free = deps({ version: 5, checkout: null, actions: [] });
    const outbox = emptyOutbox('7', 5);
    outbox.entries = [update({ id: '7', weights: {} })];
    expect(await syncReport(outbox, free.d)).toEqual({ kind: 'done', version: 7 });
    expect(free.sent.map((s) => s.version)).toEqual([6]);

    const taken = deps({ version: 6, checkout: { expiresAt: '2999-01-01T00:00:00Z' }, actions: [] });
    const mine = emptyOutbox('7', 5);
    mine.entries = [update({ id: '7', weights: {} })];
    expect((await syncReport(mine, taken.d)).kind).toBe('conflict');
    expect(mine.conflict).toBe(true);
    expect(mine.entries).toHaveLength(1);
    expect(taken.sent).toEqual([]);
  });

  it('after a conflict sends only on "apply mine", and only while holding the checkout', async () => {
    const { d, sent } = deps(held(8));
    const outbox = { ...emptyOutbox('7', 5), conflict: true, entries: [update({ id: '7', weights: {} })] };
    expect((await syncReport(outbox, d)).kind).toBe('conflict');
    expect(sent).toEqual([]);
    expect(await syncReport(outbox, d, true)).toEqual({ kind: 'done', version: 9 });
  });

  it('stops where the connection drops and resumes with the rest', async () => {
    const { d, sent } = deps(held(5));
    let calls = 0;
    const send = d.send;
    d.send = async (entry, v) => {
      calls += 1;
      if (calls === 2)
        throw new ApiError({ code: NETWORK_ERROR_CODE, status: 0, reason: 'NETWORK', message: 'offline' });
      return send(entry, v);
    };
    const outbox = emptyOutbox('7', 5);
    outbox.entries = [update({ id: '7', a: 1 }), update({ id: '7', b: 1 })];
    expect(await syncReport(outbox, d)).toEqual({ kind: 'offline' });
    expect(outbox.entries).toHaveLength(1);
    expect(await syncReport(outbox, d)).toEqual({ kind: 'done', version: 7 });
    expect(sent.map((s) => Object.keys(s.body).join())).toEqual(['id,a', 'id,b']);
  });
});

describe('a refused write', () => {
  it('keeps the edits apart as a conflict, or waits when the server is out of reach again', async () => {
    const { d } = deps(held(5));
    d.send = async () => {
      throw new ApiError({ code: 409, status: 200, reason: 'E_NOT_CHECKED_OUT', message: 'lost' });
    };
    const outbox = { ...emptyOutbox('7', 5), entries: [update({ id: '7', weights: {} })] };
    expect((await syncReport(outbox, d)).kind).toBe('conflict');
    expect(outbox.entries).toHaveLength(1);
    d.fetchReport = async () => {
      throw new ApiError({ code: NETWORK_ERROR_CODE, status: 0, reason: 'NETWORK', message: 'offline' });
    };
    expect(await syncReport({ ...outbox, conflict: false }, d)).toEqual({ kind: 'offline' });
  });

  it('gives a lost session to the caller (the store is wiped there)', async () => {
    const { d } = deps(held(5));
    d.fetchReport = async () => {
      throw new ApiError({ code: 400, status: 400, reason: 'UNAUTHENTICATED', message: 'revoked' });
    };
    const outbox = { ...emptyOutbox('7', 5), entries: [update({ id: '7', weights: {} })] };
    await expect(syncReport(outbox, d)).rejects.toThrow('revoked');
  });
});

describe('the code the worker keeps', () => {
  it('is the same-origin /assets/ files the page loaded, once each', async () => {
    const { loadedAssets } = await import('./worker');
    const origin = 'http://localhost:3000';
    const entries = [
      { name: `${origin}/assets/index-abc.js` },
      { name: `${origin}/assets/index-abc.js` },
      { name: `${origin}/assets/report-def.css` },
      { name: `${origin}/api/inspection/report/details?cpt=web` },
      { name: 'https://cdn.example.com/assets/other.js' },
      { name: 'data:image/png;base64,AAAA' },
    ];
    expect(loadedAssets(entries, origin)).toEqual(['/assets/index-abc.js', '/assets/report-def.css']);
  });
});
