// Bundles src/ into ../static/player with content-hashed names, which the Go
// side serves with immutable caching, and writes manifest.json so Go knows
// the current names. The old output is removed first: only files of this
// build are embedded in the binary.
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = join(here, '..', 'static', 'player');
const embedDir = join(here, '..', 'static', 'embed');

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

// The embed API helper (../embed-api/api.ts) is served at a stable URL
// (/embed/api.js) that pages import, so its name carries no hash; it is
// left readable (no minification): it is small and customers read it.
await rm(embedDir, { recursive: true, force: true });
await esbuild.build({
  absWorkingDir: here,
  entryPoints: { api: '../embed-api/api.ts' },
  outdir: embedDir,
  bundle: true,
  format: 'esm',
  target: ['es2020', 'chrome90', 'firefox90', 'safari15', 'edge90'],
  logLevel: 'info',
});
// Its types, for pages written in TypeScript (/embed/api.d.ts).
execFileSync(join(here, 'node_modules', '.bin', 'tsc'), ['-p', join(here, '..', 'embed-api')], { stdio: 'inherit' });
