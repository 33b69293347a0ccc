// Team → Single sign-on: the account's OpenID Connect providers
// (docs/identity-providers.md), for admins and owners. Create and edit
// share one form; the client secret is write-only, so editing leaves it
// unchanged unless a new one is typed.
import { useState } from 'preact/hooks';
import { all, del, patch, post } from '../api';
import { Confirm, Field, Problem } from '../components';
import { text, useAction, useResource, useSubmit } from '../resource';
import { canAdminister, defaultRoles } from '../roles';
import type { IdentityProvider } from '../types';
import { TeamTabs } from './team-tabs';

const fields = ['name', 'issuer_url', 'client_id', 'client_secret', 'allowed_domains', 'default_role', 'enabled'];

export function SSOPage({ role }: { role: string }) {
  const admin = canAdminister(role);
  const { data: providers, problem, setProblem, reload } = useResource(
    () => (admin ? all<IdentityProvider>('/v2/identity_providers') : Promise.resolve(null)),
    [admin],
  );
  const { run } = useAction(setProblem);
  const [editing, setEditing] = useState<IdentityProvider | 'new' | null>(null);
  const [deleting, setDeleting] = useState<IdentityProvider | null>(null);
  const remove = () => {
    const provider = deleting;
    setDeleting(null);
    if (!provider) return;
    run(async () => {
      await del(`/v2/identity_providers/${provider.id}`);
      await reload();
    });
  };
  return (
    <section class="vh-page">
      <h1>Single sign-on</h1>
      <TeamTabs current="sso" role={role} />
      <p>
        People whose email domain a provider lists sign in at <a href="/sso">/sso</a> through it (OpenID Connect: Okta, Entra ID,
        Google Workspace, Keycloak…). Register Vidhost at the provider as a web client with the redirect URI{' '}
        <code>{location.origin}/sso/callback</code> and the scopes <code>openid email profile</code>.
      </p>
      {!admin && <p class="vh-note">Only admins and owners manage single sign-on; your role is {role}.</p>}
      <Problem message={problem} />
      {admin && providers && providers.length === 0 && !editing && (
        <p class="vh-empty">No identity provider yet: add one so your organisation’s people sign in with their work accounts.</p>
      )}
      {admin && providers && providers.length > 0 && (
        <table class="vh-table" aria-label="Identity providers">
          <thead>
            <tr><th scope="col">Name</th><th scope="col">Domains</th><th scope="col">New people join as</th><th scope="col">Status</th><th scope="col"><span class="vh-visually-hidden">Actions</span></th></tr>
          </thead>
          <tbody>
            {providers.map((p) => (
              <tr key={p.id} data-provider={p.name}>
                <td data-label="Name">{p.name}<br /><span class="vh-hint">{p.issuer_url}</span></td>
                <td data-label="Domains">{p.allowed_domains.join(', ')}</td>
                <td data-label="New people join as">{p.default_role}</td>
                <td data-label="Status">{p.enabled ? 'On' : 'Off'}</td>
                <td class="vh-row-actions">
                  <span class="vh-actions-start">
                    <button type="button" class="vh-button vh-button-small" onClick={() => setEditing(p)}>Edit<span class="vh-visually-hidden"> {p.name}</span></button>
                    <button type="button" class="vh-button vh-button-small vh-button-danger" onClick={() => setDeleting(p)}>Delete<span class="vh-visually-hidden"> {p.name}</span></button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {admin && !editing && <p><button type="button" class="vh-button vh-button-primary" onClick={() => setEditing('new')}>Add an identity provider</button></p>}
      {admin && editing && (
        <ProviderForm
          key={editing === 'new' ? 'new' : editing.id}
          provider={editing === 'new' ? null : editing}
          onDone={() => { setEditing(null); void reload(); }}
          onCancel={() => setEditing(null)}
        />
      )}
      <Confirm open={deleting !== null} title={`Delete “${deleting?.name ?? ''}”?`} action="Delete provider" onConfirm={remove} onCancel={() => setDeleting(null)}>
        <p>Its people can no longer sign in through it; they stay users of the account. Its domains are freed.</p>
      </Confirm>
    </section>
  );
}

function ProviderForm({ provider, onDone, onCancel }: { provider: IdentityProvider | null; onDone: () => void; onCancel: () => void }) {
  const { errors, busy, onSubmit: submit } = useSubmit(
    fields,
    async (data) => {
      const body: Record<string, unknown> = {
        name: text(data, 'name'),
        issuer_url: text(data, 'issuer_url'),
        client_id: text(data, 'client_id'),
        allowed_domains: text(data, 'allowed_domains').split(/[\s,]+/).filter(Boolean),
        default_role: text(data, 'default_role'),
        enabled: data.get('enabled') === 'on',
      };
      const secret = text(data, 'client_secret');
      if (secret || !provider) body.client_secret = secret; // write-only: blank keeps it
      if (provider) await patch(`/v2/identity_providers/${provider.id}`, body);
      else await post('/v2/identity_providers', body);
      onDone();
    },
    { '': '' },
  );
  const title = provider ? `Edit “${provider.name}”` : 'Add an identity provider';
  return (
    <form class="vh-form" onSubmit={submit} aria-labelledby="vh-idp-title" noValidate>
      <h2 id="vh-idp-title">{title}</h2>
      <Field id="vh-idp-name" label="Name" error={errors.name}>
        {(aria) => <input {...aria} name="name" defaultValue={provider?.name} maxLength={100} required />}
      </Field>
      <Field id="vh-idp-issuer" label="Issuer URL" hint="Exactly as the provider’s discovery document states it, for example https://login.example.com/" error={errors.issuer_url}>
        {(aria) => <input {...aria} name="issuer_url" type="url" defaultValue={provider?.issuer_url} required />}
      </Field>
      <Field id="vh-idp-client" label="Client ID" error={errors.client_id}>
        {(aria) => <input {...aria} name="client_id" defaultValue={provider?.client_id} maxLength={255} required />}
      </Field>
      <Field id="vh-idp-secret" label="Client secret" hint={provider ? 'Stored sealed and never shown: leave blank to keep the current one.' : 'Stored sealed and never shown again.'} error={errors.client_secret}>
        {(aria) => <input {...aria} name="client_secret" type="password" autoComplete="off" maxLength={1024} required={!provider} />}
      </Field>
      <Field id="vh-idp-domains" label="Email domains" hint="Separated by spaces or commas, for example example.com; each subdomain is listed on its own." error={errors.allowed_domains}>
        {(aria) => <input {...aria} name="allowed_domains" defaultValue={provider?.allowed_domains.join(' ')} required />}
      </Field>
      <Field id="vh-idp-role" label="New people join as" error={errors.default_role}>
        {(aria) => (
          <select {...aria} name="default_role">
            {defaultRoles.map((r) => (
              <option key={r} value={r} selected={r === (provider?.default_role ?? 'viewer')}>{r}</option>
            ))}
          </select>
        )}
      </Field>
      <p class="vh-field vh-check">
        <input id="vh-idp-enabled" name="enabled" type="checkbox" defaultChecked={provider?.enabled ?? true} />
        <label for="vh-idp-enabled">On: people may sign in through it</label>
      </p>
      <Problem message={errors['']} />
      <p class="vh-actions-start">
        <button type="submit" class="vh-button vh-button-primary" disabled={busy}>{provider ? 'Save' : 'Add provider'}</button>
        <button type="button" class="vh-button" onClick={onCancel}>Cancel</button>
      </p>
    </form>
  );
}
