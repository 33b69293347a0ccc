// Developers → API keys: the account's keys, a form that creates one and
// shows its secret once (the API returns `value` only in the creation's
// answer), and delete with confirmation.
import { useState } from 'preact/hooks';
import { all, del, post } from '../api';
import { Confirm, CopyButton, Problem } from '../components';
import { date } from '../format';
import { text, useAction, useResource, value } from '../resource';
import { canAdminister, keyRoles } from '../roles';
import type { APIKey } from '../types';

export function KeysPage({ role }: { role: string }) {
  const manager = canAdminister(role);
  const { data: keys, problem, setProblem, reload } = useResource(() => (manager ? all<APIKey>('/v2/keys') : Promise.resolve(null)), [manager]);
  const { run } = useAction(setProblem);
  const [created, setCreated] = useState<APIKey | null>(null);
  const [deleting, setDeleting] = useState<APIKey | null>(null);
  const remove = () => {
    const key = deleting;
    setDeleting(null);
    if (!key) return;
    run(async () => {
      await del(`/v2/keys/${key.id}`);
      await reload();
    });
  };

  return (
    <section class="vh-page">
      <h1>API keys</h1>
      <p>Programs use an API key in <code>Authorization: Bearer …</code>. See the <a href="/docs/api">API reference</a>.</p>
      {!manager && <p class="vh-note">Only owners and admins manage API keys; your role is {role}.</p>}
      {manager && (
        <>
          <CreateKey role={role} onCreated={(key) => { setCreated(key); void reload(); }} />
          {created && (
            <div class="vh-secret" role="region" aria-labelledby="vh-secret-title">
              <h2 id="vh-secret-title">Your new key “{created.name}”</h2>
              <p>Copy it now: it is shown only this once.</p>
              <p class="vh-secret-value">
                <code id="vh-new-key">{created.value}</code>
                <CopyButton text={created.value ?? ''} label="Copy the new API key" />
              </p>
              <button type="button" class="vh-button" onClick={() => setCreated(null)}>I have copied it</button>
            </div>
          )}
          <Problem message={problem} />
          {keys && keys.length === 0 && <p class="vh-empty">No API keys yet: create one above for your first program.</p>}
          {keys && keys.length > 0 && (
            <table class="vh-table">
              <caption class="vh-visually-hidden">API keys</caption>
              <thead>
                <tr><th scope="col">Name</th><th scope="col">Role</th><th scope="col">Access</th><th scope="col">Addresses</th><th scope="col">Created</th><th scope="col"><span class="vh-visually-hidden">Actions</span></th></tr>
              </thead>
              <tbody>
                {keys.map((key) => (
                  <tr key={key.id} data-key-id={key.id}>
                    <td data-label="Name">{key.name}</td>
                    <td data-label="Role">{key.role}</td>
                    <td data-label="Access">{key.permissions.includes('fetch') ? 'Read-only' : 'Read and write'}</td>
                    <td data-label="Addresses">{key.ips.length ? key.ips.join(', ') : 'Any'}</td>
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
          <Confirm open={deleting !== null} title={`Delete the key “${deleting?.name ?? ''}”?`} action="Delete key" onConfirm={remove} onCancel={() => setDeleting(null)}>
            <p>Programs using it are refused from the next request on.</p>
          </Confirm>
        </>
      )}
    </section>
  );
}

function CreateKey({ role, onCreated }: { role: string; onCreated: (key: APIKey) => void }) {
  // Most rights first: the first option is the default, also after form.reset().
  // A key's role is at most its creator's (docs/roles.md).
  const offered = keyRoles(role);
  const { busy, problem: error, setProblem: setError, run } = useAction();
  const submit = (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    run(async () => {
      const key = await post<APIKey>('/v2/keys', {
        type: 'api',
        name: text(data, 'name'),
        role: data.has('role') ? value(data, 'role') : role,
        permissions: data.get('readonly') ? ['fetch'] : [],
        ips: value(data, 'ips').split(/[\s,]+/).filter(Boolean),
      });
      form.reset();
      setError('');
      onCreated(key);
    });
  };
  return (
    <form class="vh-form vh-form-inline" onSubmit={submit} aria-labelledby="vh-create-key-title">
      <h2 id="vh-create-key-title">Create a key</h2>
      <p class="vh-field">
        <label for="vh-key-name">Name</label>
        <input id="vh-key-name" name="name" required maxLength={50} aria-describedby="vh-key-error" />
      </p>
      <p class="vh-field">
        <label for="vh-key-role">Role (what the key may do; at most yours)</label>
        <select id="vh-key-role" name="role" aria-describedby="vh-key-error">
          {offered.map((r) => <option key={r} value={r}>{r}</option>)}
        </select>
      </p>
      <p class="vh-field">
        <label for="vh-key-ips">Allowed addresses (optional: IPs or CIDRs, separated by spaces)</label>
        <input id="vh-key-ips" name="ips" aria-describedby="vh-key-error" />
      </p>
      <p class="vh-field vh-check">
        <input id="vh-key-readonly" name="readonly" type="checkbox" />
        <label for="vh-key-readonly">Read-only</label>
      </p>
      <p class="vh-field-error" id="vh-key-error" role="alert">{error}</p>
      <p><button type="submit" class="vh-button vh-button-primary" disabled={busy}>Create key</button></p>
    </form>
  );
}
