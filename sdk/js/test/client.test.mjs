// The client against a small local HTTP server speaking the /v2 envelope:
// envelope unwrapping, errors with code and field, cursor iteration, retries
// honouring Retry-After, Idempotency-Key, and a tus upload that resumes.
// The real stack's answers are covered by the e2e test (deploy/devstack/e2e).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { Vidhost, VidhostError } from '../dist/index.js';

let server;
let base;
const seen = [];
let handler = () => {};

before(async () => {
  server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks) });
      handler(req, res, Buffer.concat(chunks));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});
after(() => server.close());

function envelope(res, status, result, { errors = [], next, headers = {} } = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify({ success: status < 400, result, links: next ? { next } : {}, errors }));
}

const client = () => new Vidhost({ baseURL: base, apiKey: 'key_test', retry: { baseDelayMs: 1, maxDelayMs: 2000 } });

test('a result is unwrapped and the key is sent as a bearer', async () => {
  seen.length = 0;
  handler = (req, res) => envelope(res, 200, { id: 'v1', name: 'One' });
  const video = await client().getVideo('v1');
  assert.deepEqual(video, { id: 'v1', name: 'One' });
  assert.equal(seen[0].headers.authorization, 'Bearer key_test');
});

test('a refusal is a VidhostError with code, field and all problems', async () => {
  handler = (req, res) => envelope(res, 400, {}, {
    errors: [{ code: 'invalid_argument', message: 'name must be 1-100 characters', field: 'name' }, { code: 'invalid_argument', message: 'tags[0] must be short', field: 'tags[0]' }],
    headers: { 'X-Request-Id': 'req1' },
  });
  await assert.rejects(client().createVideo({ name: '' }), (err) => {
    assert.ok(err instanceof VidhostError);
    assert.equal(err.status, 400);
    assert.equal(err.code, 'invalid_argument');
    assert.equal(err.field, 'name');
    assert.equal(err.message, 'name must be 1-100 characters');
    assert.equal(err.about('tags'), 'tags[0] must be short');
    assert.equal(err.requestId, 'req1');
    return true;
  });
});

test('a body that is no envelope is still a VidhostError', async () => {
  handler = (req, res) => { res.writeHead(502); res.end('bad gateway'); };
  const err = await client().getVideo('v1').catch((e) => e);
  assert.ok(err instanceof VidhostError);
  assert.equal(err.status, 502);
  assert.equal(err.code, 'internal');
});

test('pages follow links.next until the last', async () => {
  handler = (req, res) => {
    const cursor = new URL(req.url, base).searchParams.get('cursor');
    if (!cursor) return envelope(res, 200, [{ id: 'a' }, { id: 'b' }], { next: '/v2/videos?cursor=c2&limit=2' });
    envelope(res, 200, [{ id: cursor }]);
  };
  const ids = [];
  for await (const video of client().videos({ limit: 2 })) ids.push(video.id);
  assert.deepEqual(ids, ['a', 'b', 'c2']);
});

test('a 429 is retried after Retry-After, a GET and a keyed POST only', async () => {
  let calls = 0;
  handler = (req, res) => (++calls === 1 ? envelope(res, 429, {}, { errors: [{ code: 'rate_limited', message: 'slow down' }], headers: { 'Retry-After': '1' } }) : envelope(res, 200, { id: 'v' }));
  const started = Date.now();
  await client().getVideo('v');
  assert.equal(calls, 2);
  assert.ok(Date.now() - started >= 1000, 'waited what Retry-After asked');

  calls = 0;
  seen.length = 0;
  await client().createVideo({ name: 'x' }, 'key-1');
  assert.equal(calls, 2, 'a POST with an Idempotency-Key is retried');
  assert.equal(seen[1].headers['idempotency-key'], 'key-1');

  calls = 0;
  await assert.rejects(client().createVideo({ name: 'x' }), { code: 'rate_limited' });
  assert.equal(calls, 1, 'a POST without a key is not repeated');
});

test('a tus upload resumes from the offset the server kept', async () => {
  seen.length = 0;
  const file = new Blob([new Uint8Array(10_000).fill(7)], { type: 'video/mp4' });
  let stored = 0;
  let failOnce = true;
  handler = (req, res, body) => {
    if (req.method === 'POST') {
      res.writeHead(201, { Location: '/v2/uploads/tus/u1', 'Vidhost-Upload-Id': 'u1' });
      return res.end();
    }
    if (req.method === 'HEAD') {
      res.writeHead(200, { 'Upload-Offset': String(stored), 'Upload-Length': '10000' });
      return res.end();
    }
    assert.equal(Number(req.headers['upload-offset']), stored);
    if (failOnce && stored > 0) {
      failOnce = false;
      stored += 100; // the server kept part of the failed chunk
      return envelope(res, 503, {}, { errors: [{ code: 'unavailable', message: 'try again' }] });
    }
    stored += body.length;
    res.writeHead(204, { 'Upload-Offset': String(stored) });
    res.end();
  };
  const progress = [];
  const done = await client().upload(file, { name: 'clip.mp4', chunkSize: 4000, store: null, onProgress: (sent) => progress.push(sent) });
  assert.equal(done.id, 'u1');
  assert.equal(done.input, 'svc://uploads/u1');
  assert.equal(stored, 10_000);
  assert.deepEqual(progress, [0, 4000, 4100, 8100, 10000]);
  assert.match(seen.find((r) => r.method === 'POST').headers['upload-metadata'], /^filename Y2xpcC5tcDQ=,filetype /);
});
