// Bundles src/ into ../static/dashboard with content-hashed names, which the
// Go side serves with immutable caching, a gzipped copy beside each file, and
// manifest.json naming the current files for the page template. The old
// output is removed first: only this build is embedded in the binary.
import * as esbuild from 'esbuild';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = join(here, '..', 'static', 'dashboard');

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });

const result = await esbuild.build({
  absWorkingDir: here,
  entryPoints: { dashboard: 'src/main.tsx' },
  outdir,
  bundle: true,
  format: 'esm',
  minify: true,
  // Browsers from 2021 on, as the player.
  target: ['es2020', 'chrome90', 'firefox90', 'safari15', 'edge90'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  entryNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  legalComments: 'linked', // keep Preact's, Uppy's and tus-js-client's licence notices
  define: { 'process.env.NODE_ENV': '"production"' },
  metafile: true,
  logLevel: 'info',
});

const manifest = {};
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (output.entryPoint !== 'src/main.tsx') continue;
  manifest['dashboard.js'] = basename(file);
  if (output.cssBundle) manifest['dashboard.css'] = basename(output.cssBundle);
}
if (!manifest['dashboard.js'] || !manifest['dashboard.css']) throw new Error('build produced no dashboard.js or dashboard.css');
const sizes = {};
for (const file of Object.keys(result.metafile.outputs)) {
  if (!/\.(js|css)$/.test(file)) continue;
  const raw = await readFile(join(here, file));
  const gzipped = gzipSync(raw, { level: 9 }); // zlib writes no timestamp: rebuilds are byte-identical
  await writeFile(join(here, `${file}.gz`), gzipped);
  sizes[basename(file)] = `${(raw.length / 1024).toFixed(1)} KB, ${(gzipped.length / 1024).toFixed(1)} KB gzipped`;
}
await writeFile(join(outdir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log('manifest:', manifest);
console.log('sizes:', sizes);
