// Developers → JWT keys: the public keys that verify viewer JWTs for
// private videos (docs/playback.md). A key is added by pasting a PEM public
// key, or by generating a pair here with WebCrypto: only the public half is
// sent, the private half is offered once as a PEM file to download.
import { useState } from 'preact/hooks';
import { all, del, post } from '../api';
import { Confirm, CopyButton, Field, Problem } from '../components';
import { date } from '../format';
import { generatePair, type Algorithm } from '../pem';
import { text, useAction, useResource, useSubmit } from '../resource';
import { canAdminister } from '../roles';
import type { JWTKey } from '../types';

/** algorithmOf tells the key's signing algorithm from its size: a P-256 SPKI is 91 bytes, RSA 2048 at least 294. */
function algorithmOf(publicKey: string): string {
  const body = publicKey.replace(/-----[^-]+-----|\s/g, '');
  return body.length < 200 ? 'ES256' : 'RS256';
}

export function JWTKeysPage({ role }: { role: string }) {
  const manager = canAdminister(role);
  const { data: keys, problem, setProblem, reload } = useResource(() => (manager ? all<JWTKey>('/v2/jwt_keys') : Promise.resolve(null)), [manager]);
  const { run } = useAction(setProblem);
  const [deleting, setDeleting] = useState<JWTKey | null>(null);
  const remove = () => {
    const key = deleting;
    setDeleting(null);
    if (!key) return;
    run(async () => {
      await del(`/v2/jwt_keys/${key.id}`);
      await reload();
    });
  };
  return (
    <section class="vh-page">
      <h1>JWT keys</h1>
      <p>
        Your server signs viewer tokens for private videos with a private key; Vidhost checks them with the public
        key registered here (the token's <code>kid</code> is the key's ID). See the{' '}
        <a href="/docs/api">API reference</a>.
      </p>
      {!manager && <p class="vh-note">Only owners and admins manage JWT keys; your role is {role}.</p>}
      {manager && (
        <>
          <AddJWTKey onAdded={() => void reload()} />
          <Problem message={problem} />
          {keys && keys.length === 0 && (
            <p class="vh-empty">No JWT keys yet: paste a public key or generate a pair above to sign viewer tokens.</p>
          )}
          {keys && keys.length > 0 && (
            <table class="vh-table">
              <caption class="vh-visually-hidden">JWT keys</caption>
              <thead>
                <tr><th scope="col">Name</th><th scope="col">Key ID (kid)</th><th scope="col">Algorithm</th><th scope="col">Created</th><th scope="col"><span class="vh-visually-hidden">Actions</span></th></tr>
              </thead>
              <tbody>
                {keys.map((key) => (
                  <tr key={key.id} data-jwt-key-id={key.id}>
                    <td data-label="Name">{key.name}</td>
                    <td data-label="Key ID (kid)"><code>{key.id}</code> <CopyButton text={key.id} label={`Copy the ID of ${key.name}`} /></td>
                    <td data-label="Algorithm">{algorithmOf(key.public_key)}</td>
                    <td data-label="Created">{date(key.created_time)}</td>
                    <td>
                      <button type="button" class="vh-button vh-button-small vh-button-danger" onClick={() => setDeleting(key)}>
                        Delete<span class="vh-visually-hidden"> {key.name}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Confirm open={deleting !== null} title={`Delete the JWT key “${deleting?.name ?? ''}”?`} action="Delete key" onConfirm={remove} onCancel={() => setDeleting(null)}>
            <p>Viewer tokens signed with its private key stop opening private videos within minutes.</p>
          </Confirm>
        </>
      )}
    </section>
  );
}

function AddJWTKey({ onAdded }: { onAdded: () => void }) {
  const [publicKey, setPublicKey] = useState('');
  const [privateKey, setPrivateKey] = useState<{ url: string; file: string } | null>(null);
  const { errors, busy: sending, onSubmit: submit, setErrors } = useSubmit(['name', 'public_key'], async (data) => {
    await post<JWTKey>('/v2/jwt_keys', { name: text(data, 'name'), public_key: publicKey });
    setPublicKey('');
    onAdded();
  });
  const making = useAction((problem) => setErrors({ '': `This browser could not make the key pair: ${problem}` }));
  const busy = sending || making.busy;
  const generate = (algorithm: Algorithm) =>
    making.run(async () => {
      const pair = await generatePair(algorithm);
      setPublicKey(pair.publicKey);
      // A data: URL, not a blob: one, so the page's connect-src 'self' stays as is.
      const url = 'data:application/x-pem-file;base64,' + btoa(pair.privateKey);
      setPrivateKey({ url, file: `vidhost-jwt-${algorithm.toLowerCase()}-private.pem` });
      setErrors({});
    });
  return (
    <form class="vh-form" onSubmit={submit} aria-labelledby="vh-add-jwt-title">
      <h2 id="vh-add-jwt-title">Add a key</h2>
      <Field id="vh-jwt-name" label="Name" error={errors.name}>
        {(aria) => <input {...aria} name="name" required maxLength={50} />}
      </Field>
      <Field
        id="vh-jwt-public-key"
        label="Public key (PEM)"
        hint="An RSA key of 2048 bits or more (RS256) or an EC P-256 key (ES256), from -----BEGIN PUBLIC KEY-----. Never the private key."
        error={errors.public_key}
      >
        {(aria) => (
          <textarea {...aria} name="public_key" rows={6} required spellcheck={false} class="vh-mono" value={publicKey}
            onInput={(e) => setPublicKey(e.currentTarget.value)} />
        )}
      </Field>
      <div class="vh-generate" role="group" aria-labelledby="vh-generate-label">
        <span id="vh-generate-label">Or generate a pair in this browser:</span>
        <button type="button" class="vh-button vh-button-small" disabled={busy} onClick={() => generate('ES256')}>ES256 pair</button>
        <button type="button" class="vh-button vh-button-small" disabled={busy} onClick={() => generate('RS256')}>RS256 pair</button>
      </div>
      {privateKey && (
        <div class="vh-secret" role="region" aria-labelledby="vh-private-title">
          <h3 id="vh-private-title">Your private key</h3>
          <p>It was made in this browser and is not sent to Vidhost. Download it now and keep it on your server: it signs your viewer tokens.</p>
          <p><a class="vh-button vh-button-primary" id="vh-private-download" href={privateKey.url} download={privateKey.file}>Download the private key</a></p>
        </div>
      )}
      <p class="vh-field-error" role="alert">{errors[''] ?? ''}</p>
      <p><button type="submit" class="vh-button vh-button-primary" disabled={busy}>Add key</button></p>
    </form>
  );
}
