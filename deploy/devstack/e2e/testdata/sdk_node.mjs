// sdk_node.mjs drives the built @vidhost/sdk (sdk/js/dist) against a real
// gateway, as a Node integrator would; TestSDKJSFromNode runs it. It fails
// (exit 1, node:assert's message) on the first thing the SDK gets wrong.
// Env: VIDHOST_URL, VIDHOST_API_KEY, PRIVATE_VIDEO (a private video with
// media), SOURCE_URL (a video's input), SDK (the path of dist/index.js).
import assert from 'node:assert/strict';

const { Vidhost, VidhostError, isNotFound, signViewerJWT } = await import(process.env.SDK);
const baseURL = process.env.VIDHOST_URL;
const client = new Vidhost({ baseURL, apiKey: process.env.VIDHOST_API_KEY });

// An API key flow: create, list, get.
const name = 'sdk node ' + Date.now();
const created = await client.createVideo({ name, privacy: 'private', input: process.env.SOURCE_URL }, 'sdk-node-' + Date.now());
assert.equal(created.name, name);
const page = await client.listVideos({ limit: 5 });
assert.ok(page.items.length > 0, 'a page of videos');
let listed = false;
for await (const v of client.videos({ limit: 5 })) {
  if (v.id === created.id) { listed = true; break; }
}
assert.ok(listed, 'the list, page by page, holds the new video');
const read = await client.getVideo(created.id);
assert.equal(read.id, created.id);
assert.equal(read.privacy, 'private');

// The error envelope as the SDK's error type.
await assert.rejects(client.getVideo('vi_doesnotexist'), (err) => {
  assert.ok(err instanceof VidhostError, 'a VidhostError');
  assert.equal(err.status, 404);
  assert.ok(err.code, 'the envelope code');
  assert.ok(err.message, 'the envelope message');
  assert.ok(isNotFound(err));
  return true;
});
await assert.rejects(client.createVideo({ name: 'x', privacy: 'secret', input: process.env.SOURCE_URL }), (err) => {
  assert.ok(err instanceof VidhostError);
  assert.equal(err.status, 400);
  assert.ok(err.names('privacy'), 'the error names the field: ' + JSON.stringify(err.problems));
  return true;
});

// A viewer JWT: a P-256 key made with WebCrypto, its public half registered
// through the API, the JWT signed by the SDK's Node signer.
const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
const pem = (label, der) => `-----BEGIN ${label}-----\n${Buffer.from(der).toString('base64').match(/.{1,64}/g).join('\n')}\n-----END ${label}-----\n`;
const publicPEM = pem('PUBLIC KEY', await crypto.subtle.exportKey('spki', pair.publicKey));
const privatePEM = pem('PRIVATE KEY', await crypto.subtle.exportKey('pkcs8', pair.privateKey));
const key = await client.post('/v2/jwt_keys', { name: 'sdk node', public_key: publicPEM });
assert.ok(key.id, 'the JWT key has an id');

const video = process.env.PRIVATE_VIDEO;
const manifest = `${baseURL}/media/${video}/stream/master.m3u8`;
assert.equal((await fetch(manifest)).status, 403, 'a private video is refused without a JWT');
const jwt = await signViewerJWT(privatePEM, { keyId: key.id, videoId: video, lifetimeSeconds: 300 });
const opened = await fetch(manifest + '?jwt=' + jwt);
assert.equal(opened.status, 200, 'the gateway accepts the SDK-signed JWT: ' + (await opened.clone().text()));
assert.match(await opened.text(), /#EXTM3U/);
const other = await signViewerJWT(privatePEM, { keyId: key.id, videoId: created.id, lifetimeSeconds: 300 });
assert.equal((await fetch(manifest + '?jwt=' + other)).status, 403, 'a JWT for another video does not open this one');

await client.delete('/v2/jwt_keys/' + key.id);
await client.deleteVideo(created.id);
console.log('sdk node: ok');
