// Developers → Services (docs/services.md): where hooks run their actions.
// The list and a create form (a webhook's signing secret shown once), and the
// page of one service: edit (write-only credentials left blank stay as they
// are), rotate the secret (shown once), delete, and the delivery logs of the
// hooks that run on it (the hooks page's Deliveries, one per hook).
import { useState } from 'preact/hooks';
import { all, del, fieldErrors, get, patch, post } from '../api';
import { Confirm, Field, Problem, SecretOnce } from '../components';
import { date } from '../format';
import { text, useAction, useResource } from '../resource';
import { canAdminister } from '../roles';
import { navigate } from '../router';
import type { Hook, Service } from '../types';
import { Deliveries } from './hooks';

interface TypeField {
  name: string;
  label: string;
  hint?: string;
  secret?: boolean;
  optional?: boolean;
}

const typeFields: Record<string, TypeField[]> = {
  webhook: [{ name: 'url', label: 'URL', hint: 'https; each delivery is signed with the service’s secret' }],
  vidhost: [
    { name: 'base_url', label: 'Base URL', hint: 'The other Vidhost’s /v2 address' },
    { name: 'api_key', label: 'API key', secret: true },
  ],
  s3: [
    { name: 'endpoint', label: 'Endpoint', hint: 'https address of the S3-compatible store' },
    { name: 'region', label: 'Region' },
    { name: 'bucket', label: 'Bucket' },
    { name: 'prefix', label: 'Prefix', optional: true },
    { name: 'access_key_id', label: 'Access key id', secret: true },
    { name: 'secret_access_key', label: 'Secret access key', secret: true },
  ],
};
const typeWords: Record<string, string> = { webhook: 'Webhook', vidhost: 'Another Vidhost', s3: 'S3 bucket' };

function target(s: Service): string {
  if (s.type === 'webhook') return s.url ?? '';
  if (s.type === 'vidhost') return s.base_url ?? '';
  return `${s.endpoint ?? ''} ${s.bucket ?? ''}${s.prefix ? '/' + s.prefix : ''}`;
}

export function ServicesPage({ role }: { role: string }) {
  const manager = canAdminister(role);
  const { data: services, problem, reload } = useResource(() => (manager ? all<Service>('/v2/services') : Promise.resolve(null)), [manager]);
  const [created, setCreated] = useState<Service | null>(null);
  return (
    <section class="vh-page">
      <h1>Services</h1>
      <p>A service is where a <a href="/developers/hooks">hook</a> sends videos: a webhook URL, another Vidhost or an S3 bucket.</p>
      {!manager && <p class="vh-note">Only owners and admins manage services; your role is {role}.</p>}
      {manager && (
        <>
          {created?.secret && (
            <SecretOnce id="vh-new-secret" title={`Signing secret of “${created.name}”`} value={created.secret} label="Copy the signing secret" onDone={() => setCreated(null)} />
          )}
          <Problem message={problem} />
          {services && services.length === 0 && <p class="vh-empty">No services yet: create one below, then a hook that runs on it.</p>}
          {services && services.length > 0 && (
            <table class="vh-table">
              <caption class="vh-visually-hidden">Services</caption>
              <thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Target</th><th scope="col">Created</th></tr></thead>
              <tbody>
                {services.map((s) => (
                  <tr key={s.id} data-service-id={s.id}>
                    <td data-label="Name"><a href={`/developers/services/${s.id}`}>{s.name}</a></td>
                    <td data-label="Type">{typeWords[s.type] ?? s.type}</td>
                    <td data-label="Target" class="vh-wrap">{target(s)}</td>
                    <td data-label="Created">{date(s.created_time)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <ServiceForm title="Create a service" action="Create service" onSaved={(s) => { setCreated(s); void reload(); }} />
        </>
      )}
    </section>
  );
}

/** ServicePage edits one service, rotates its secret, deletes it and shows its hooks' deliveries. */
export function ServicePage({ id }: { id: string }) {
  const { data, setData, problem, setProblem } = useResource(async () => {
    const [service, hooks] = await Promise.all([get<Service>(`/v2/services/${id}`), all<Hook>('/v2/hooks')]);
    return { service, hooks: hooks.filter((hook) => hook.service === id) };
  }, [id]);
  const service = data?.service;
  const hooks = data?.hooks ?? [];
  const setService = (next: Service) => setData({ service: next, hooks });
  const { run } = useAction(setProblem);
  const [secret, setSecret] = useState('');
  // One dialog for both confirmations: Confirm's heading has a fixed id.
  const [confirming, setConfirming] = useState<'rotate' | 'delete' | null>(null);
  const rotate = () => {
    setConfirming(null);
    run(async () => setSecret((await post<Service>(`/v2/services/${id}/rotate_secret`, undefined)).secret ?? ''));
  };
  const remove = () => {
    setConfirming(null);
    run(async () => {
      await del(`/v2/services/${id}`);
      navigate('/developers/services');
    });
  };
  return (
    <section class="vh-page">
      <p><a href="/developers/services">← Services</a></p>
      <h1>{service ? `Service “${service.name}”` : 'Service'}</h1>
      <Problem message={problem} />
      {service && (
        <>
          <ServiceForm key={service.id} service={service} title="Settings" action="Save changes" onSaved={setService} />
          {service.type === 'webhook' && (
            <section aria-labelledby="vh-secret-rotate-title">
              <h2 id="vh-secret-rotate-title">Signing secret</h2>
              <p>Rotating makes a new secret; the current one stays valid for 24 hours (deliveries carry both signatures meanwhile).</p>
              {secret && <SecretOnce id="vh-rotated-secret" title="The new signing secret" value={secret} label="Copy the new signing secret" onDone={() => setSecret('')} />}
              <button type="button" class="vh-button" onClick={() => setConfirming('rotate')}>Rotate the secret</button>
            </section>
          )}
          <section aria-labelledby="vh-service-deliveries">
            <h2 id="vh-service-deliveries">Delivery logs</h2>
            {hooks.length === 0 && <p class="vh-empty">No hook runs on this service: <a href="/developers/hooks">create one</a> to send it videos.</p>}
            {hooks.map((hook) => (
              <div key={hook.id} class="vh-service-hook">
                <Deliveries hookId={hook.id} title={`Deliveries of the hook “${hook.name}”${hook.enabled ? '' : ' (disabled)'}`} />
                <p><a href={`/developers/hooks/${hook.id}`}>Edit the hook “{hook.name}”</a></p>
              </div>
            ))}
          </section>
          <section class="vh-danger-zone" aria-labelledby="vh-service-danger">
            <h2 id="vh-service-danger">Delete</h2>
            <button type="button" class="vh-button vh-button-danger" onClick={() => setConfirming('delete')}>Delete this service</button>
          </section>
          <Confirm
            open={confirming !== null}
            title={confirming === 'rotate' ? 'Rotate the signing secret?' : `Delete the service “${service.name}”?`}
            action={confirming === 'rotate' ? 'Rotate' : 'Delete service'}
            onConfirm={confirming === 'rotate' ? rotate : remove}
            onCancel={() => setConfirming(null)}
          >
            <p>
              {confirming === 'rotate'
                ? 'The new secret is shown once. Update your receiver within 24 hours.'
                : `${hooks.length ? `${hooks.length} hook(s) running on it will be disabled; ` : ''}deliveries still waiting end as failed.`}
            </p>
          </Confirm>
        </>
      )}
    </section>
  );
}

function ServiceForm(props: { service?: Service; title: string; action: string; onSaved: (s: Service) => void }) {
  const editing = props.service;
  const [type, setType] = useState(editing?.type ?? 'webhook');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const fields = typeFields[type] ?? [];
  const prefix = editing ? 'vh-service-edit' : 'vh-service';
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const body: Record<string, string> = { name: text(data, 'name') };
    if (!editing) body.type = type;
    for (const field of fields) {
      const value = text(data, field.name);
      // Left blank: a write-only credential stays as saved; an optional field is not sent on create.
      if (editing && field.secret && !value) continue;
      if (!editing && field.optional && !value) continue;
      if (editing && !field.secret && value === (editing[field.name as keyof Service] ?? '')) continue;
      body[field.name] = value;
    }
    if (editing && body.name === editing.name) delete body.name;
    if (editing && Object.keys(body).length === 0) {
      setStatus('Nothing to save: no field changed.');
      return;
    }
    setBusy(true);
    setStatus('');
    try {
      const saved = editing ? await patch<Service>(`/v2/services/${editing.id}`, body) : await post<Service>('/v2/services', body);
      setErrors({});
      if (!editing) form.reset();
      else for (const field of fields) if (field.secret) (form.elements.namedItem(field.name) as HTMLInputElement).value = '';
      setStatus(editing ? 'Saved.' : `Service “${saved.name}” created.`);
      props.onSaved(saved);
    } catch (error) {
      setErrors(fieldErrors(error, ['name', 'type', ...fields.map((f) => f.name)]));
    }
    setBusy(false);
  };
  return (
    <form class="vh-form" onSubmit={(event) => void submit(event)} aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`}>{props.title}</h2>
      <Field id={`${prefix}-name`} label="Name" error={errors.name}>
        {(aria) => <input {...aria} name="name" required maxLength={50} defaultValue={editing?.name} />}
      </Field>
      <Field id={`${prefix}-type`} label="Type" error={errors.type} hint={editing ? 'A service’s type cannot change: create another service.' : undefined}>
        {(aria) => (
          <select {...aria} name="type" value={type} disabled={!!editing} onChange={(e) => setType(e.currentTarget.value)}>
            {Object.entries(typeWords).map(([value, words]) => <option key={value} value={value}>{words}</option>)}
          </select>
        )}
      </Field>
      {fields.map((field) => (
        <Field key={`${type}-${field.name}`} id={`${prefix}-${field.name.replace(/_/g, '-')}`} label={field.label} error={errors[field.name]}
          hint={field.secret && editing ? 'Write-only: leave blank to keep the saved one.' : field.hint}>
          {(aria) => (
            <input {...aria} name={field.name} type={field.secret ? 'password' : 'text'} autocomplete="off"
              required={!field.optional && !(editing && field.secret)}
              defaultValue={field.secret ? '' : String(editing?.[field.name as keyof Service] ?? '')} />
          )}
        </Field>
      ))}
      <p class="vh-field-error" role="alert">{errors[''] ?? ''}</p>
      <p class="vh-actions-start">
        <button type="submit" class="vh-button vh-button-primary" disabled={busy}>{props.action}</button>
        <span role="status">{status}</span>
      </p>
    </form>
  );
}
