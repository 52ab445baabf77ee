import { crc32 } from 'node:zlib';
import sharp from 'sharp';

// Real photos for tests of photo evidence (issue 27): pictures that look nothing alike from one
// seed to the next, written as camera JPEGs with the EXIF a phone writes (capture time, offset, GPS).

/** A photo-like picture (PNG): shapes placed and coloured from `seed`. */
export async function picture(seed: number, width = 2400, height = 1800): Promise<Buffer> {
  let s = seed;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
  const shapes = Array.from({ length: 14 }, () => {
    const colour = `rgb(${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)})`;
    const [x, y, r] = [rnd() * width, rnd() * height, (0.05 + rnd() * 0.25) * width];
    return rnd() < 0.5
      ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}"/>`
      : `<rect x="${x - r}" y="${y - r / 2}" width="${r * 1.5}" height="${r}" fill="${colour}"/>`;
  }).join('');
  const background = `rgb(${Math.floor(rnd() * 255)},120,90)`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Degrees as EXIF GPS rationals: `22/1 32/1 3520/100` (22°32'35.20"). */
function dms(degrees: number): string {
  const abs = Math.abs(degrees);
  const d = Math.floor(abs);
  const m = Math.floor((abs - d) * 60);
  const s = Math.round(((abs - d) * 60 - m) * 6000);
  return `${d}/1 ${m}/1 ${s}/100`;
}

export interface CameraOptions {
  /** EXIF DateTimeOriginal, `YYYY:MM:DD HH:mm:ss`. */
  taken?: string;
  /** EXIF OffsetTimeOriginal; null writes none. */
  offset?: string | null;
  /** Where it was taken; null writes no GPS. */
  gps?: { lat: number; lng: number } | null;
  /** EXIF orientation (6: the camera was turned a quarter clockwise). */
  orientation?: number;
  width?: number;
  height?: number;
}

/** Defaults: taken 2026-11-20 10:15:30 +08:00 at 22.5431 N, 114.0580 E (a factory in Shenzhen). */
export const CAMERA = { taken: '2026:11:20 10:15:30', offset: '+08:00', gps: { lat: 22.5431, lng: 114.058 } };

/** `picture(seed)` as a phone's JPEG, with its EXIF. */
export async function cameraJpeg(seed: number, options: CameraOptions = {}): Promise<Buffer> {
  const { taken, offset, gps } = { ...CAMERA, ...options };
  let image = sharp(await picture(seed, options.width, options.height))
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'QCDesk', Model: 'TestCam' },
      IFD2: { DateTimeOriginal: taken, ...(offset ? { OffsetTimeOriginal: offset } : {}) },
      ...(gps
        ? {
            IFD3: {
              GPSLatitudeRef: gps.lat < 0 ? 'S' : 'N',
              GPSLatitude: dms(gps.lat),
              GPSLongitudeRef: gps.lng < 0 ? 'W' : 'E',
              GPSLongitude: dms(gps.lng),
            },
          }
        : {}),
    });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

/** A small valid PNG whose header then claims `width` × `height` (a decompression bomb's header). */
export async function bombPng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await picture(1, 8, 8));
  // Signature (8), IHDR length (4), "IHDR" (4), then width and height; the CRC covers type + data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}
