// Bundles the elements, the SDK and the embed API helper into one ES module
// with nothing loaded from elsewhere at run time (no CDN): a page adds
// <script type="module" src="vidhost-elements.js"> and uses the tags.
import * as esbuild from 'esbuild';
import { rm } from 'node:fs/promises';

await rm('dist', { recursive: true, force: true });
await esbuild.build({
  entryPoints: { 'vidhost-elements': 'src/index.ts' },
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  minify: true,
  target: ['es2020', 'chrome90', 'firefox90', 'safari15'],
  sourcemap: true,
  logLevel: 'info',
});
