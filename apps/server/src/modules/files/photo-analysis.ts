import { type Capture, exifCapture, hashFromBits } from '../../domain/photo-integrity';
import { loadExifr, loadPhash, loadSharp } from '../../platform/lazy-packages';
import { THUMBNAIL_INPUT_PIXELS } from './thumbnails';

// What is read from a photo once, when its evidence is made (issue 27, docs/adr/0019-photo-evidence.md):
// its upright size, EXIF capture time and GPS, a print-size JPEG and the pHash of that JPEG.

export const PRINT_SUFFIX = '.print.jpg';
export const PRINT_CONTENT_TYPE = 'image/jpeg';
/**
 * Longest side of the print-size copy: 1600 px fills an A4 page's width at ~190 dpi (two photos a
 * row at twice that), for a few hundred kB instead of a 3–8 MB original in every report PDF.
 */
export const PRINT_MAX_PX = 1600;
export const PRINT_QUALITY = 82;

export const printKey = (storageKey: string) => `${storageKey}${PRINT_SUFFIX}`;

export interface AnalysedPhoto {
  width: number;
  height: number;
  hasExif: boolean;
  capture: Capture | null;
  latitude: number | null;
  longitude: number | null;
  phash: bigint;
  print: { data: Buffer; width: number; height: number };
}

interface ExifFacts {
  hasExif: boolean;
  capture: Capture | null;
  latitude: number | null;
  longitude: number | null;
}

const NO_EXIF: ExifFacts = { hasExif: false, capture: null, latitude: null, longitude: null };

/** A coordinate pair as GPS gives it; null when absent, out of range, or 0,0 (a blank GPS block). */
function gpsOf(lat: unknown, lng: unknown): { latitude: number; longitude: number } | null {
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  if (lat === 0 && lng === 0) return null;
  return { latitude: lat, longitude: lng };
}

/** The EXIF facts of an image; an image without EXIF, or with an unreadable block, has none. */
export async function readExif(image: Buffer): Promise<ExifFacts> {
  const exifr = await loadExifr();
  let tags: Record<string, unknown> | undefined;
  try {
    tags = await exifr.parse(image, {
      tiff: true,
      exif: true,
      gps: true,
      ifd1: false,
      interop: false,
      xmp: false,
      icc: false,
      iptc: false,
      jfif: false,
      ihdr: false,
      // Raw strings: exifr would read the camera's wall clock in this process's time zone.
      reviveValues: false,
      translateValues: false,
    });
  } catch {
    return NO_EXIF;
  }
  if (!tags || Object.keys(tags).length === 0) return NO_EXIF;
  const capture = exifCapture(
    tags.DateTimeOriginal ?? tags.CreateDate,
    tags.OffsetTimeOriginal ?? tags.OffsetTime,
  );
  const gps = gpsOf(tags.latitude, tags.longitude);
  return { hasExif: true, capture, latitude: gps?.latitude ?? null, longitude: gps?.longitude ?? null };
}

/**
 * Reads a photo (jpeg, png, webp, gif bytes). Throws for anything sharp refuses: not an image,
 * corrupt, or over THUMBNAIL_INPUT_PIXELS (a decompression bomb is refused from its header).
 */
export async function analysePhoto(original: Buffer): Promise<AnalysedPhoto> {
  const [sharp, phash] = await Promise.all([loadSharp(), loadPhash()]);
  const input = sharp(original, {
    limitInputPixels: THUMBNAIL_INPUT_PIXELS,
    failOn: 'error',
    animated: false,
  });
  const meta = await input.metadata();
  if ((meta.width ?? 0) * (meta.height ?? 0) > THUMBNAIL_INPUT_PIXELS)
    throw new Error('Input image exceeds pixel limit');
  const [print, exif] = await Promise.all([
    input
      .clone()
      .rotate() // Upright by its EXIF orientation, as the phone showed it.
      .resize(PRINT_MAX_PX, PRINT_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: PRINT_QUALITY })
      .toBuffer({ resolveWithObject: true }),
    readExif(original),
  ]);
  // Hashed from the upright print copy: a rotated-by-EXIF copy hashes like its upright twin, and
  // decoding 1600 px (shrunk on load) costs a fraction of the original.
  const hash = hashFromBits(await phash(print.data, { failOn: 'error' }));
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  return {
    width: upright.width ?? print.info.width,
    height: upright.height ?? print.info.height,
    ...exif,
    phash: hash,
    print: { data: print.data, width: print.info.width, height: print.info.height },
  };
}
