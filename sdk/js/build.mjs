// Bundles src/ into dist/index.js, one ES module with no dependencies, for
// browsers and Node alike (fetch, Blob and WebCrypto are in both); tsc writes
// the declarations beside it. The generated OpenAPI types are type-only, so
// they add nothing to the bundle.
import * as esbuild from 'esbuild';
import { rm } from 'node:fs/promises';

await rm('dist', { recursive: true, force: true });
await esbuild.build({
  entryPoints: ['src/index.ts'],
  outfile: 'dist/index.js',
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: ['es2020', 'chrome90', 'firefox90', 'safari15', 'node20'],
  sourcemap: true,
  logLevel: 'info',
});
