import { z } from 'zod';
import {
  BUSINESS_TIME_ZONE,
  DOCUMENT_EXTENSIONS,
  IMAGE_EXTENSIONS,
  SIGNED_URL_SECONDS,
  STS_REUSE_MARGIN_SECONDS,
} from './constants';
import { defineOperation } from './operation';
import { defineRawRoute, type MultipartLimits } from './raw-route';
import { dateTimeOut, empty, idIn, idOut } from './schemas';

// Files (issue 7): upload and report tokens, temporary storage credentials, file URLs, short links.
// Upload, download and short links are plain HTTP routes (ARCHITECTURE.md); their paths and answer
// shapes live here so the server and the web agree on them.

/** DOMAIN.md §2.4 ContractFile: stored name `{yyyyMMddHHmmss}{6 random}@@{original name}`. */
export const FILE_MARKER = '@@';

/** Longest original file name kept, in characters (longer names are refused, not cut). */
export const FILE_NAME_MAX = 200;

export type FileKind = 'document' | 'image';

/** The name people read: the text after the first file marker, or the whole name without one. */
export function fileDisplayName(stored: string): string {
  const at = stored.indexOf(FILE_MARKER);
  return at < 0 ? stored : stored.slice(at + FILE_MARKER.length);
}

const stamp = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The stored name of DOMAIN.md §2.4: business-time stamp, 6 random characters, marker, original name. */
export function storedFileName(original: string, at: Date, random6: string): string {
  const part = (type: string) => stamp.formatToParts(at).find((p) => p.type === type)?.value ?? '00';
  const time = ['year', 'month', 'day', 'hour', 'minute', 'second'].map(part).join('');
  return `${time}${random6}${FILE_MARKER}${original}`;
}

/** Lower-case extension after the last dot, without it; '' when there is none. */
export function fileExtension(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** Spec §5: the kind an upload is, by file name; undefined when the type is not accepted (E_FILE_TYPE). */
export function fileKindOf(name: string): FileKind | undefined {
  const ext = fileExtension(name);
  if ((DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)) return 'document';
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return 'image';
  return undefined;
}

/** The `accept` attribute of a file input that offers only the spec §5 types. */
export const UPLOAD_ACCEPT = [...DOCUMENT_EXTENSIONS, ...IMAGE_EXTENSIONS].map((e) => `.${e}`).join(',');

/** Spec §7: temporary credentials are reused until 60 s before they expire. */
export function stsUsable(expiredTime: number, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  return expiredTime - nowSeconds > STS_REUSE_MARGIN_SECONDS;
}

/** Busboy's limits of an upload form: one file, a few fields (`del`, the photo options, the grant). */
const FORM_LIMITS: MultipartLimits = { files: 1, fields: 20, parts: 25, fieldSize: 8192, headerPairs: 50 };

/**
 * The plain HTTP routes of the files area (PROTOCOL.md: the only non-envelope calls besides health),
 * one table: method, path, credential, body. The server binds each (files.routes.ts) and the
 * permission matrix calls each without its credential.
 */
export const fileRawRoutes = {
  /**
   * Multipart `file` (+ optional `del`). A photo upload sends `accept=image` (else E_IMAGE_ONLY) and
   * `maxMb=N` (else E_FILE_TOO_BIG) before `file`.
   */
  upload: defineRawRoute({
    method: 'POST',
    path: '/api/file/upload',
    auth: 'upload-token',
    body: 'multipart',
    limits: FORM_LIMITS,
    probe: '/api/file/upload',
    summary: 'Uploads one file (spec §7): its type by name and first bytes, within the kind’s size limit.',
  }),
  /** `ids=1,2,3` (at most 100), optional `name`: the files as one zip (deflate level 1). */
  zip: defineRawRoute({
    method: 'GET',
    path: '/api/file/zip',
    auth: 'signed-url-or-report-token',
    body: 'none',
    probe: '/api/file/zip?ids=1',
    summary: 'Downloads several files as one zip.',
  }),
  /** `d=inline` shows a raster image inline; everything else is an attachment. */
  file: defineRawRoute({
    method: 'GET',
    path: '/api/file/:id',
    auth: 'signed-url-or-report-token',
    body: 'none',
    probe: '/api/file/1',
    summary: 'Downloads a file with its stored name and type.',
  }),
  /** The image's thumbnail (webp, made on first request); 404 when it has none. */
  thumbnail: defineRawRoute({
    method: 'GET',
    path: '/api/file/:id/thumbnail',
    auth: 'signed-url-or-report-token',
    body: 'none',
    probe: '/api/file/1/thumbnail',
    summary: 'Downloads an image’s thumbnail.',
  }),
  /** Local store only (S3 answers its own). */
  objectGet: defineRawRoute({
    method: 'GET',
    path: '/api/object/*',
    auth: 'presigned',
    body: 'none',
    probe: '/api/object/files/probe.pdf',
    summary: 'Reads an object of the local store through a presigned URL.',
  }),
  /** Local store only; the body is the object, at most the upload ceiling. */
  objectPut: defineRawRoute({
    method: 'PUT',
    path: '/api/object/*',
    auth: 'presigned',
    body: 'stream',
    probe: '/api/object/files/probe.pdf',
    summary: 'Writes an object of the local store through a presigned URL.',
  }),
  /** Local store only: the browser form upload of `sts`, fields (`key`, `grant`) first, then `file`. */
  objectUpload: defineRawRoute({
    method: 'POST',
    path: '/api/object-upload',
    auth: 'post-grant',
    body: 'multipart',
    limits: FORM_LIMITS,
    probe: '/api/object-upload',
    summary: 'Uploads an object under the caller’s `sts` prefix, checked as uploads are checked.',
  }),
  /** Multipart `exp`, `limit`, `pwd`, `direct`, `sub`, repeated `urls`. */
  shortUrl: defineRawRoute({
    method: 'POST',
    path: '/api/short-url',
    auth: 'session-or-upload-token',
    body: 'multipart',
    limits: { ...FORM_LIMITS, fields: 120, parts: 125 },
    probe: '/api/short-url',
    summary: 'Creates a short link to the caller’s own files or files shown through a signed URL.',
  }),
  /** `?pwd=`: what a link shares (does not count as an access). */
  shortUrlInfo: defineRawRoute({
    method: 'GET',
    path: '/api/short-url/:id',
    auth: 'share-link',
    body: 'none',
    probe: '/api/short-url/probe',
    summary: 'What a short link shares.',
  }),
  /** `?pwd=` (`&file=<index>` for one file): counts one access and answers the file or a zip. */
  shortUrlDownload: defineRawRoute({
    method: 'POST',
    path: '/api/short-url/:id/download',
    auth: 'share-link',
    body: 'none',
    probe: '/api/short-url/probe/download',
    summary: 'Downloads what a short link shares.',
  }),
  /** The shared-file page of spec §2: direct links redirect to the file, others open the SPA's page. */
  sharePage: defineRawRoute({
    method: 'GET',
    path: '/s/:id',
    auth: 'share-page',
    body: 'none',
    probe: '/s/probe',
    summary: 'The shared-file page.',
  }),
};

/** URLs of the plain routes, as the web app calls them (the routes are in `fileRawRoutes`). */
export const fileRoutes = {
  upload: fileRawRoutes.upload.path,
  file: (id: string) => `/api/file/${id}`,
  thumbnail: (id: string) => `/api/file/${id}/thumbnail`,
  zip: fileRawRoutes.zip.path,
  shortUrl: fileRawRoutes.shortUrl.path,
  shortUrlInfo: (id: string) => `/api/short-url/${encodeURIComponent(id)}`,
  shortUrlDownload: (id: string) => `/api/short-url/${encodeURIComponent(id)}/download`,
  sharePage: (id: string) => `/s/${encodeURIComponent(id)}`,
  object: '/api/object/',
  objectUpload: fileRawRoutes.objectUpload.path,
} as const;

// ---------------------------------------------------------------------------------------------
// Answers of the plain routes (the same result shape as the envelope's: success, error, code, data)
// ---------------------------------------------------------------------------------------------

/** What an upload answers (spec §7), and how file lists show a file. */
export const uploadedFile = z.object({
  id: idOut,
  /** The original file name (display it with `fileDisplayName`). */
  name: z.string(),
  size: z.number().int(),
  updateTime: dateTimeOut,
  /** A signed download URL, valid SIGNED_URL_SECONDS. */
  url: z.string(),
  /**
   * Images (jpeg, png): a signed URL of a small webp thumbnail (at most 320 px a side), made once
   * and kept beside the original; null for documents and images without one (bmp).
   */
  thumbnailUrl: z.string().nullable(),
  contentType: z.string(),
  kind: z.enum(['document', 'image']),
  sha256: z.string(),
});

export type UploadedFile = z.output<typeof uploadedFile>;

/** Fields of the short-URL create form (spec §7): all text, as multipart sends them. */
export const shortUrlFields = z.object({
  /** Expiry: an ISO-8601 date or time in the future, or a number of days; default `share.expiryDays`. */
  exp: z.string().trim().max(40).optional(),
  /** Access limit: how many downloads the link allows; empty or 0 = no limit. */
  limit: z
    .string()
    .trim()
    .regex(/^\d{0,6}$/)
    .optional(),
  /** Password asked before anything is shown; stored hashed. */
  pwd: z.string().max(64).optional(),
  /** A direct link redirects to the file instead of opening the shared-file page. */
  direct: z.enum(['', '0', '1', 'true', 'false']).optional(),
  /** A title shown on the shared-file page. */
  sub: z.string().trim().max(200).optional(),
  /** The files: their ids, or their file URLs (`/api/file/{id}…`). */
  urls: z.array(z.string().trim().min(1).max(2000)).min(1).max(100),
});

export const shortUrlCreated = z.object({
  id: z.string(),
  /** The link to hand out: `/s/{id}` (absolute, with the server's public URL). */
  url: z.string(),
  expiresAt: dateTimeOut,
  limit: z.number().int().nullable(),
  direct: z.boolean(),
  passwordRequired: z.boolean(),
});

export const sharedFile = z.object({
  /** Position in the link; pass it as `file` to download only this one. */
  index: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  kind: z.enum(['document', 'image']),
});

/** What the shared-file page shows. Without the password only `id` and `passwordRequired` are filled. */
export const shortUrlInfo = z.object({
  id: z.string(),
  passwordRequired: z.boolean(),
  sub: z.string().nullable(),
  expiresAt: dateTimeOut.nullable(),
  limit: z.number().int().nullable(),
  used: z.number().int(),
  direct: z.boolean(),
  files: z.array(sharedFile),
});

export type ShortUrlInfo = z.output<typeof shortUrlInfo>;
export type SharedFile = z.output<typeof sharedFile>;

// ---------------------------------------------------------------------------------------------
// Envelope operations
// ---------------------------------------------------------------------------------------------

export const fileToken = z.object({
  token: z.string(),
  expiresAt: dateTimeOut,
  /** Seconds the token is valid. */
  expiresIn: z.number().int(),
});

export const uploadToken = defineOperation({
  path: 'token/upload',
  method: 'POST',
  permission: 'signed-in',
  summary: `A short-lived upload token for the own account (${SIGNED_URL_SECONDS} s by default), sent as the Authorization header of the upload.`,
  input: empty,
  output: fileToken,
});

/**
 * The upload size limits in force (DOMAIN.md §6.13 upload.maxImageMB / upload.maxDocMB, within the
 * deployment's ceilings): one image limit for photos and image attachments alike.
 */
export const uploadLimits = defineOperation({
  path: 'upload/limits',
  method: 'GET',
  permission: 'signed-in',
  summary:
    'The largest image and document an upload may be, in MB (the system parameters within the deployment’s ceilings).',
  input: empty,
  output: z.object({ imageMb: z.number(), documentMb: z.number() }),
});

export const reportToken = defineOperation({
  path: 'token/report',
  method: 'POST',
  permission: 'signed-in',
  summary:
    'A short-lived download token for the own account: own files, and the one file named (which the caller must own).',
  input: z.object({ fileId: idIn.optional() }),
  output: fileToken,
});

export const stsCredentials = z.object({
  /**
   * Every key uploaded with these credentials starts with it: `sts/{user}/` on the local store,
   * which checks the bytes as they arrive; `quarantine/sts/{user}/` on S3, where an upload is
   * listed by `cos/file` (under `sts/{user}/`) only once the server has checked its first bytes.
   */
  prefix: z.string(),
  startTime: z.number().int(),
  /** Unix seconds; reuse the credentials while `stsUsable(expiredTime)`. */
  expiredTime: z.number().int(),
  expiresAt: dateTimeOut,
  maxBytes: z.number().int(),
  /** A browser form POST: send `fields` then the `file` field; `${filename}` in `key` is replaced. */
  upload: z.object({
    method: z.literal('POST'),
    url: z.string(),
    fields: z.record(z.string(), z.string()),
  }),
});

export const sts = defineOperation({
  path: 'sts',
  method: 'POST',
  permission: 'signed-in',
  summary:
    'Temporary storage credentials for a direct browser upload under the caller’s own prefix (S3: a presigned POST policy; local store: a signed upload grant).',
  input: empty,
  output: stsCredentials,
});

export const storedObject = z.object({
  key: z.string(),
  size: z.number().int(),
  eTag: z.string(),
  lastModified: dateTimeOut,
  /** A signed GET URL, valid SIGNED_URL_SECONDS. */
  url: z.string(),
  /** The signature part of `url` (its query string), for clients that build the request themselves. */
  auth: z.string(),
});

export const cosFile = defineOperation({
  path: 'cos/file',
  method: 'GET',
  permission: 'signed-in',
  summary:
    'Signed URLs of the objects the caller uploaded with `sts` whose key starts with the given id prefix (after the server checked them as uploads are checked).',
  input: z.object({
    id: z
      .string()
      .trim()
      .max(200)
      .regex(/^[A-Za-z0-9._/-]*$/),
  }),
  output: z.object({ list: z.array(storedObject) }),
});

// ---------------------------------------------------------------------------------------------
// Photo integrity (issue 27): what an auditor is shown beside an inspection photo
// ---------------------------------------------------------------------------------------------

/**
 * A warning on one photo, made by `photoFlags` (server domain/photo-integrity.ts) from the photo's
 * evidence: the same bytes (DUPLICATE_ELSEWHERE) or a near copy (NEAR_DUPLICATE, pHash distance ≤ 6)
 * stored as another file, a capture date other than the inspection date, no capture date nor GPS
 * in its EXIF, or GPS farther from the factory than the allowed radius.
 */
export const photoFlag = z.discriminatedUnion('code', [
  z.object({ code: z.literal('DUPLICATE_ELSEWHERE'), fileIds: z.array(idOut) }),
  z.object({ code: z.literal('NEAR_DUPLICATE'), fileIds: z.array(idOut), distance: z.number().int() }),
  z.object({ code: z.literal('DATE_MISMATCH'), capturedOn: z.string(), inspectionDate: z.string() }),
  z.object({ code: z.literal('NO_EXIF') }),
  z.object({ code: z.literal('FAR_FROM_FACTORY'), km: z.number() }),
]);

export type PhotoFlag = z.input<typeof photoFlag>;
export type PhotoFlagCode = PhotoFlag['code'];
