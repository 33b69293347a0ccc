// Viewer JWTs signed with WebCrypto verify with node:crypto as the gateway's
// jwx verifies them: the algorithm follows the key, kid names it, sub/iat/exp
// carry the grant. The e2e test has the gateway itself accept one.
import assert from 'node:assert/strict';
import { generateKeyPairSync, verify } from 'node:crypto';
import { test } from 'node:test';
import { signViewerJWT, importPrivateKey } from '../dist/index.js';

const decode = (part) => JSON.parse(Buffer.from(part, 'base64url').toString());

for (const [kind, options, alg] of [
  ['rsa', { modulusLength: 2048 }, 'RS256'],
  ['ec', { namedCurve: 'P-256' }, 'ES256'],
]) {
  test(`a ${alg} viewer JWT verifies with the public key`, async () => {
    const { privateKey, publicKey } = generateKeyPairSync(kind, options);
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' });
    const jwt = await signViewerJWT(pem, { keyId: 'k1', videoId: 'v1', lifetimeSeconds: 600, now: 1_700_000_000_000 });
    const [header, payload, signature] = jwt.split('.');
    assert.deepEqual(decode(header), { alg, kid: 'k1', typ: 'JWT' });
    assert.deepEqual(decode(payload), { sub: 'v1', iat: 1_700_000_000, exp: 1_700_000_600 });
    const ok = verify('sha256', Buffer.from(`${header}.${payload}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    assert.ok(ok);
  });
}

test('a PKCS#1 key is refused with the command that converts it', async () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  await assert.rejects(importPrivateKey(privateKey.export({ type: 'pkcs1', format: 'pem' })), /openssl pkcs8 -topk8/);
});

test('a JWT needs a key id and a video id', async () => {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  await assert.rejects(signViewerJWT(privateKey.export({ type: 'pkcs8', format: 'pem' }), { keyId: '', videoId: 'v' }), /keyId and a videoId/);
});
