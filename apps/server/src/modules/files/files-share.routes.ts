import { fileRawRoutes, shortUrlCreated, shortUrlFields, shortUrlInfo } from '@qcdesk/contract/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unstorableTextRefusal, validationRefusal } from '../../platform/registry';
import { getSystemParam } from '../../platform/system-params';
import { checkFileSignature, findFiles, signedFileUrl, signedZipUrl } from './files.service';
import {
  answer,
  bindRaw,
  langOf,
  PlainRefusal,
  type RawHandler,
  refuse,
  sendStoredFile,
  sendZip,
} from './files-http';
import {
  callerOf,
  DAY_MS,
  expiryOf,
  fileRefOf,
  linkFileIds,
  linkStateRefusal,
  openLink,
  tryLinkPassword,
} from './share-access';
import { consumeShortLink, createShortLink, findShortLink, shortLinkState } from './short-links.service';

// Short links (spec §7 short URL: create, get, download) and the shared-file page of spec §2.

/** The create form's text fields, as sent (repeated `urls`; file parts are skipped). */
async function formFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  const raw: Record<string, unknown> = { urls: [] as string[] };
  for await (const part of request.parts({ limits: fileRawRoutes.shortUrl.limits })) {
    if (part.type === 'file') {
      part.file.resume();
      continue;
    }
    const value = String(part.value);
    if (part.fieldname === 'urls' || part.fieldname === 'urls[]') (raw.urls as string[]).push(value);
    else if (['exp', 'limit', 'pwd', 'direct', 'sub'].includes(part.fieldname)) raw[part.fieldname] = value;
  }
  return raw;
}

function badForm(reply: FastifyReply, body: unknown) {
  return reply.code(400).header('cache-control', 'no-store').send(body);
}

const createLink: RawHandler = async (request, reply, { db, config, files, authenticate }) => {
  const lang = langOf(request);
  const runtime = await files.ready();
  const userId = await callerOf(request, runtime, authenticate);
  if (userId === undefined) return refuse(reply, lang, 401, 'UNAUTHORIZED');
  if (!request.isMultipart()) return refuse(reply, lang, 400, 'E_BAD_REQUEST');

  const raw = await formFields(request);
  const unstorable = unstorableTextRefusal(lang, raw);
  if (unstorable) return badForm(reply, unstorable);
  const parsed = shortUrlFields.safeParse(raw);
  if (!parsed.success) return badForm(reply, validationRefusal(lang, parsed.error, raw));
  const input = parsed.data;

  // Each file must be the caller's own, or come with a valid signed URL (proof that the caller
  // was shown it by a module that checked its own permission).
  const refs = input.urls.map((u) => fileRefOf(u, config));
  if (refs.some((r) => !r)) return refuse(reply, lang, 400, 'E_REF_NOT_FOUND', { field: 'urls' });
  const ids = [...new Set(refs.map((r) => r!.id))].map((id) => BigInt(id));
  const rows = await findFiles(db, ids);
  if (rows.length !== ids.length) return refuse(reply, lang, 400, 'E_REF_NOT_FOUND', { field: 'urls' });
  /** Per file shown through a signed URL: when the longest of its valid signatures ends (ms). */
  const signedUntil = new Map<string, number>();
  for (const ref of refs) {
    const query = Object.fromEntries(ref!.query);
    if (!ref!.query.has('sig') || !checkFileSignature(runtime.signer, ref!.id, query).ok) continue;
    const until = Number(query.exp) * 1000;
    signedUntil.set(ref!.id, Math.max(signedUntil.get(ref!.id) ?? 0, until));
  }
  if (!rows.every((f) => f.ownerId === userId || signedUntil.has(f.id.toString()))) {
    return refuse(reply, lang, 403, 'E_PERMISSION');
  }

  // A link never outlives what it was made from: files shown only through a signed URL, that
  // signature; the caller's own files, share.expiryDays (issue 10 finding 10).
  const maxDays = await getSystemParam(db, 'share.expiryDays');
  const now = Date.now();
  let latest = now + maxDays * DAY_MS;
  for (const f of rows) {
    if (f.ownerId !== userId) latest = Math.min(latest, signedUntil.get(f.id.toString())!);
  }
  const expiresAt = expiryOf(input.exp, maxDays, latest, now);
  if (!expiresAt) return refuse(reply, lang, 400, 'E_RANGE', { field: 'exp' });

  const limit = input.limit && Number(input.limit) > 0 ? Number(input.limit) : null;
  const link = await db.transaction((tx) =>
    createShortLink(
      tx,
      {
        fileIds: ids,
        expiresAt,
        limit,
        password: input.pwd || undefined,
        direct: input.direct === '1' || input.direct === 'true',
        sub: input.sub || undefined,
      },
      { userId },
    ),
  );
  return answer(
    reply,
    lang,
    shortUrlCreated.parse({
      id: link.code,
      url: `${config.publicUrl}/s/${link.code}`,
      expiresAt: link.expiresAt,
      limit: link.accessLimit,
      direct: link.direct,
      passwordRequired: link.passwordHash !== null,
    }),
  );
};

const linkInfo: RawHandler = async (request, reply, { db }) => {
  const lang = langOf(request);
  const { id } = request.params as { id: string };
  const { pwd } = request.query as { pwd?: unknown };
  const found = await findShortLink(db, id);
  if (found?.passwordHash && (typeof pwd !== 'string' || pwd === '')) {
    const state = shortLinkState(found);
    if (state !== 'open') throw linkStateRefusal(state);
    // Without the password the page learns only that it must ask for one.
    return answer(
      reply,
      lang,
      shortUrlInfo.parse({
        id: found.code,
        passwordRequired: true,
        sub: null,
        expiresAt: null,
        limit: null,
        used: 0,
        direct: found.direct,
        files: [],
      }),
    );
  }
  const link = await openLink(db, id, pwd, request.ip);
  const rows = await findFiles(db, linkFileIds(link));
  return answer(
    reply,
    lang,
    shortUrlInfo.parse({
      id: link.code,
      passwordRequired: link.passwordHash !== null,
      sub: link.sub,
      expiresAt: link.expiresAt,
      limit: link.accessLimit,
      used: link.used,
      direct: link.direct,
      files: rows.map((f, index) => ({
        index,
        name: f.name,
        size: f.size,
        contentType: f.contentType,
        kind: f.kind,
      })),
    }),
  );
};

const linkDownload: RawHandler = async (request, reply, { db, files }) => {
  const runtime = await files.ready();
  const { id } = request.params as { id: string };
  const query = request.query as { pwd?: unknown; file?: unknown };
  const link = await openLink(db, id, query.pwd, request.ip);
  const rows = await findFiles(db, linkFileIds(link));
  let chosen = rows;
  if (query.file !== undefined && query.file !== '') {
    const index = Number(query.file);
    if (!Number.isInteger(index) || !rows[index]) throw new PlainRefusal(404, 'E_NOT_FOUND');
    chosen = [rows[index]];
  }
  if (chosen.length === 0) throw new PlainRefusal(404, 'E_NOT_FOUND');
  const consumed = await consumeShortLink(db, link.code);
  if (!consumed.ok) throw linkStateRefusal(consumed.state);
  if (chosen.length === 1) return sendStoredFile(reply, runtime, chosen[0]!, 'attachment');
  return sendZip(reply, runtime, chosen, link.sub || link.code);
};

/**
 * The shared-file page (spec §2 `/s/{id}`): direct links go straight to the file; every other
 * link, and a direct one that still needs its password, opens the SPA's page.
 */
const sharePage: RawHandler = async (request, reply, { db, files }) => {
  const runtime = await files.ready();
  const { id } = request.params as { id: string };
  const { pwd } = request.query as { pwd?: unknown };
  const link = await findShortLink(db, id);
  // A locked or wrong password opens the page, which asks for it (and shows the lock).
  const opens =
    link?.direct && shortLinkState(link) === 'open' && (await tryLinkPassword(db, link, pwd, request.ip));
  if (link && opens && 'open' in opens && opens.open) {
    const consumed = await consumeShortLink(db, link.code);
    const rows = consumed.ok ? await findFiles(db, linkFileIds(link)) : [];
    if (rows.length === 1)
      return reply.redirect(
        signedFileUrl(runtime.signer, rows[0]!.id, 60, { basePath: runtime.basePath }),
        302,
      );
    if (rows.length > 1) {
      const ids = rows.map((r) => r.id);
      const url = signedZipUrl(runtime.signer, ids, link.sub || link.code, 60, {
        basePath: runtime.basePath,
      });
      return reply.redirect(url, 302);
    }
  }
  return reply.callNotFound();
};

export const shareRoutes = [
  bindRaw(fileRawRoutes.shortUrl, createLink),
  bindRaw(fileRawRoutes.shortUrlInfo, linkInfo),
  bindRaw(fileRawRoutes.shortUrlDownload, linkDownload),
  bindRaw(fileRawRoutes.sharePage, sharePage),
];
