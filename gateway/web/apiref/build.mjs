// Writes ../static/apiref: Redoc's standalone build (copied as it ships: its
// UMD wrapper requires a "null" module when bundled, so it stays a classic
// script that defines window.Redoc) and src/main.js bundled by esbuild, both
// with content-hashed names the Go side serves with immutable caching, their
// gzipped copies, and manifest.json naming the current files. The old output
// is removed first: only this build is embedded.
import * as esbuild from 'esbuild';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = join(here, '..', 'static', 'apiref');

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });

const result = await esbuild.build({
  absWorkingDir: here,
  entryPoints: { apiref: 'src/main.js' },
  outdir,
  bundle: true,
  format: 'esm',
  minify: true,
  target: ['es2020', 'chrome90', 'firefox90', 'safari15', 'edge90'],
  entryNames: '[name]-[hash]',
  legalComments: 'linked', // keep Redoc's and its dependencies' licence notices
  define: { 'process.env.NODE_ENV': '"production"' },
  metafile: true,
  logLevel: 'info',
});

const manifest = {};
// esbuild-like names (redoc-XXXXXXXX.js): eight base-32 characters of the
// content's hash, which gateway/web recognises as immutable.
const redocDir = join(here, 'node_modules', 'redoc', 'bundles');
const redoc = await readFile(join(redocDir, 'redoc.standalone.js'));
const hash = base32(createHash('sha256').update(redoc).digest()).slice(0, 8);
manifest['redoc.js'] = `redoc-${hash}.js`;
await writeFile(join(outdir, manifest['redoc.js']), redoc);
await copyFile(join(redocDir, 'redoc.standalone.js.LICENSE.txt'), join(outdir, `redoc-${hash}.js.LICENSE.txt`));
await writeFile(join(outdir, `${manifest['redoc.js']}.gz`), gzipSync(redoc, { level: 9 }));

for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (output.entryPoint === 'src/main.js') manifest['apiref.js'] = basename(file);
  if (/\.js$/.test(file)) {
    const path = join(here, file);
    // zlib writes no timestamp: rebuilds are byte-identical.
    await writeFile(`${path}.gz`, gzipSync(await readFile(path), { level: 9 }));
  }
}
if (!manifest['apiref.js']) throw new Error('build produced no apiref.js');
await writeFile(join(outdir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log('manifest:', manifest);

function base32(bytes) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0, value = 0, out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}
