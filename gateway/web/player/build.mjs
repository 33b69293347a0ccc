// Bundles src/ into ../static/player with content-hashed names, which the Go
// side serves with immutable caching, and writes manifest.json so Go knows
// the current names. The old output is removed first: only files of this
// build are embedded in the binary.
import * as esbuild from 'esbuild';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = join(here, '..', 'static', 'player');

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });

const result = await esbuild.build({
  absWorkingDir: here,
  entryPoints: { player: 'src/main.ts' },
  outdir,
  bundle: true,
  splitting: true, // the 360 renderer becomes its own chunk
  format: 'esm',
  minify: true,
  // Browsers from 2021 on: module scripts, dynamic import, optional chaining.
  target: ['es2020', 'chrome90', 'firefox90', 'safari15', 'edge90'],
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  legalComments: 'linked', // keep Video.js's and its dependencies' licence notices
  metafile: true,
  logLevel: 'info',
});

// manifest.json maps the stable names the Go templates use to this build's files.
const manifest = {};
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (output.entryPoint !== 'src/main.ts') continue;
  manifest['player.js'] = basename(file);
  if (output.cssBundle) manifest['player.css'] = basename(output.cssBundle);
}
if (!manifest['player.js'] || !manifest['player.css']) throw new Error('build produced no player.js or player.css');
// Pre-compressed copies: the Go handler serves file.gz to clients that take
// gzip, so the biggest file (Video.js) costs about a third on the wire and
// nothing is compressed per request. zlib writes no timestamp: rebuilds are
// byte-identical.
for (const file of Object.keys(result.metafile.outputs)) {
  if (!/\.(js|css)$/.test(file)) continue;
  const path = join(here, file);
  await writeFile(`${path}.gz`, gzipSync(await readFile(path), { level: 9 }));
}
await writeFile(join(outdir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log('manifest:', relative(here, join(outdir, 'manifest.json')), manifest);
