/** The part of archiver 8 (ESM, no bundled types) that the zip download uses. */
declare module 'archiver' {
  import type { Readable, Transform, TransformOptions } from 'node:stream';

  export interface ZipOptions extends TransformOptions {
    zlib?: { level?: number };
    comment?: string;
    forceZip64?: boolean;
  }

  export class ZipArchive extends Transform {
    constructor(options?: ZipOptions);
    append(source: Readable | Buffer | string, data: { name: string; date?: Date }): this;
    finalize(): Promise<void>;
    abort(): this;
    pointer(): number;
  }
}
