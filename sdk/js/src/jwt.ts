// Viewer JWTs (docs/playback.md, Viewer JWTs), as the Go SDK's jwt.go: a
// server signs {sub: video id or "*", iat, exp} with the private half of a
// key registered by POST /v2/jwt_keys, the header naming it as kid. WebCrypto
// (globalThis.crypto.subtle) does the signing, so the same code runs in Node
// 20+, Deno and workers with no dependency. Never sign in a browser page: the
// private key would be the page's.

/** ViewerJWT says what a viewer JWT grants. */
export interface ViewerJWT {
  /** The id of the JWT key registered with POST /v2/jwt_keys whose private half signs. */
  keyId: string;
  /** The video the JWT opens, or "*" for every video of the account. */
  videoId: string;
  /** Seconds the JWT stays valid (the server refuses more than 24 h by default); one hour when absent. */
  lifetimeSeconds?: number;
  /** The issue time in milliseconds since the epoch; now when absent (tests set it). */
  now?: number;
}

/** A private key as PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----", `openssl genpkey` writes it) or a WebCrypto key. */
export type SigningKey = string | CryptoKey;

const rs256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const es256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;

/**
 * importPrivateKey reads a PKCS#8 PEM RSA or P-256 key for signViewerJWT. The
 * older "BEGIN RSA PRIVATE KEY" and "BEGIN EC PRIVATE KEY" forms are refused
 * with the openssl command that converts them: WebCrypto reads PKCS#8 only.
 */
export async function importPrivateKey(pem: string): Promise<CryptoKey> {
  if (/BEGIN (RSA|EC) PRIVATE KEY/.test(pem)) {
    throw new Error('vidhost: the key must be PKCS#8 ("BEGIN PRIVATE KEY"): convert it with `openssl pkcs8 -topk8 -nocrypt -in key.pem`');
  }
  const body = pem.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, '').replace(/\s+/g, '');
  const der = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  // The algorithm follows the key, as the server expects: try RSA, then P-256.
  for (const algorithm of [rs256, es256]) {
    try {
      return await crypto.subtle.importKey('pkcs8', der, algorithm, false, ['sign']);
    } catch {
      // not this kind of key
    }
  }
  throw new Error('vidhost: the key is neither an RSA nor a P-256 private key');
}

function base64url(bytes: Uint8Array | string): string {
  const raw = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  let text = '';
  for (const byte of raw) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** signViewerJWT signs a viewer JWT: RS256 for an RSA key, ES256 for a P-256 key. */
export async function signViewerJWT(key: SigningKey, claims: ViewerJWT): Promise<string> {
  if (!claims.keyId || !claims.videoId) throw new Error('vidhost: a viewer JWT needs a keyId and a videoId');
  const cryptoKey = typeof key === 'string' ? await importPrivateKey(key) : key;
  const rsa = cryptoKey.algorithm.name === rs256.name;
  const iat = Math.floor((claims.now ?? Date.now()) / 1000);
  const header = { alg: rsa ? 'RS256' : 'ES256', kid: claims.keyId, typ: 'JWT' };
  const payload = { sub: claims.videoId, iat, exp: iat + (claims.lifetimeSeconds ?? 3600) };
  const input = base64url(JSON.stringify(header)) + '.' + base64url(JSON.stringify(payload));
  // WebCrypto's ECDSA signature is r||s, exactly JWS's ES256 form.
  const algorithm = rsa ? rs256 : { name: 'ECDSA', hash: 'SHA-256' };
  const signature = await crypto.subtle.sign(algorithm, cryptoKey, new TextEncoder().encode(input));
  return input + '.' + base64url(new Uint8Array(signature));
}
