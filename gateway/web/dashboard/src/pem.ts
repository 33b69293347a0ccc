// Key pairs for viewer JWTs made in the browser (WebCrypto): the private
// key never leaves the machine; the page sends only the public key and
// offers the private one as a PEM file to download (docs/playback.md).

export type Algorithm = 'ES256' | 'RS256';

/** pem wraps DER bytes in a PEM block of the given label, 64 columns a line. */
export function pem(label: string, der: ArrayBuffer): string {
  const bytes = new Uint8Array(der);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const base64 = btoa(binary).replace(/.{64}/g, '$&\n').replace(/\n$/, '');
  return `-----BEGIN ${label}-----\n${base64}\n-----END ${label}-----\n`;
}

/** generatePair makes a P-256 (ES256) or RSA 2048 (RS256) pair as PEM: SPKI public, PKCS #8 private. */
export async function generatePair(algorithm: Algorithm): Promise<{ publicKey: string; privateKey: string }> {
  const params =
    algorithm === 'ES256'
      ? { name: 'ECDSA', namedCurve: 'P-256' }
      : { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' };
  const pair = await crypto.subtle.generateKey(params, true, ['sign', 'verify']);
  const spki = await crypto.subtle.exportKey('spki', pair.publicKey);
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', pair.privateKey);
  return { publicKey: pem('PUBLIC KEY', spki), privateKey: pem('PRIVATE KEY', pkcs8) };
}
