// The part of unzipper (exceljs's zip reader, 0.10) that platform/xlsx-reader.ts uses.
declare module 'unzipper' {
  import type { Duplex, PassThrough } from 'node:stream';

  /** One part of the archive as its local header announces it, its content inflated. */
  export interface Entry extends PassThrough {
    path: string;
    vars: { flags: number; compressionMethod: number; compressedSize: number; uncompressedSize: number };
  }

  /** A stream of the archive's bytes in, its entries out (`forceStream`: as an object stream). */
  export function Parse(options?: { forceStream?: boolean }): Duplex;
}
