import { promisify } from 'node:util';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Writes a `.br` and a `.gz` copy next to every text file of the build, compressed at the
 * highest levels, which the server sends as they are (`preCompressed`) instead of compressing
 * each response on the fly at a faster, weaker level.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'zstore:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const full = path.join(outDir, file);
            const content = await readFile(full);
            if (content.length < MIN_BYTES) return;
            await Promise.all([
              brotli(content, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }).then((compressed) => writeFile(`${full}.br`, compressed)),
              gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }).then((compressed) =>
                writeFile(`${full}.gz`, compressed),
              ),
            ]);
          }),
      );
    },
  };
}
