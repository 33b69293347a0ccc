// Developers → Hooks (docs/hooks.md): the account's hooks, a form that
// creates one (event, service, action, filters and params), the page of one
// hook that edits it and shows its deliveries log with retry, and delete
// with confirmation. Services are made on their own page (services.tsx):
// without one, the page says so instead of offering a form that must fail.
import { useState } from 'preact/hooks';
import { all, del, fieldErrors, get, list, patch, post } from '../api';
import { Confirm, Field, Problem } from '../components';
import { date } from '../format';
import { text, useAction, useResource } from '../resource';
import { canAdminister } from '../roles';
import { navigate } from '../router';
import type { Delivery, Hook, HookFilter, HookService } from '../types';
const filterFields = ['name', 'description', 'type', 'privacy', 'tags', 'categories', 'folder', 'duration', 'spherical'];
const operators = [
  ['==', 'equals'],
  ['!=', 'does not equal'],
  ['=@', 'contains'],
  ['!@', 'does not contain'],
  ['>', 'greater than'],
  ['<', 'less than'],
  ['>=', 'at least'],
  ['<=', 'at most'],
];
const formFields = ['name', 'event', 'service', 'action', 'filters', 'filters_logic', 'params', 'enabled'];

export function HooksPage({ role }: { role: string }) {
  const manager = canAdminister(role);
  const { data, problem, reload } = useResource(
    async () => {
      if (!manager) return null;
      const [hooks, services] = await Promise.all([all<Hook>('/v2/hooks'), all<HookService>('/v2/services')]);
      return { hooks, services };
    },
    [manager],
  );
  const hooks = data?.hooks;
  const services = data?.services;
  const serviceName = (id: string) => services?.find((s) => s.id === id)?.name ?? 'deleted service';
  return (
    <section class="vh-page">
      <h1>Hooks</h1>
      <p>A hook runs an action on one of your services when a video is created and matches its filters: for example, a signed webhook once the video is ready.</p>
      {!manager && <p class="vh-note">Only owners and admins manage hooks; your role is {role}.</p>}
      <Problem message={problem} />
      {manager && services && services.length === 0 && (
        <p class="vh-empty" id="vh-no-services">
          A hook runs on a service, and this account has none yet. <a href="/developers/services">Create a service</a> (a
          webhook URL, another Vidhost or an S3 bucket), then come back here.
        </p>
      )}
      {manager && services && services.length > 0 && (
        <HookForm services={services} title="Create a hook" action="Create hook" onSaved={() => void reload()} />
      )}
      {hooks && hooks.length === 0 && services && services.length > 0 && (
        <p class="vh-empty">No hooks yet: create one above to hear of new videos.</p>
      )}
      {hooks && hooks.length > 0 && (
        <table class="vh-table">
          <caption class="vh-visually-hidden">Hooks</caption>
          <thead>
            <tr><th scope="col">Name</th><th scope="col">Event</th><th scope="col">Service</th><th scope="col">Filters</th><th scope="col">State</th></tr>
          </thead>
          <tbody>
            {hooks.map((hook) => (
              <tr key={hook.id} data-hook-id={hook.id}>
                <td data-label="Name"><a href={`/developers/hooks/${hook.id}`}>{hook.name}</a></td>
                <td data-label="Event">{hook.event}</td>
                <td data-label="Service">{serviceName(hook.service)}</td>
                <td data-label="Filters">{hook.filters?.length ? `${hook.filters.length} (${hook.filters_logic || 'and'})` : 'Every video'}</td>
                <td data-label="State">{hook.enabled ? 'Enabled' : 'Disabled'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** HookPage edits one hook and shows its deliveries. */
export function HookPage({ id }: { id: string }) {
  const { data, setData, problem, setProblem } = useResource(async () => {
    const [hook, services] = await Promise.all([get<Hook>(`/v2/hooks/${id}`), all<HookService>('/v2/services')]);
    return { hook, services };
  }, [id]);
  const hook = data?.hook;
  const services = data?.services ?? [];
  const setHook = (next: Hook) => setData({ hook: next, services });
  const { run } = useAction(setProblem);
  const [deleting, setDeleting] = useState(false);
  const remove = () => {
    setDeleting(false);
    run(async () => {
      await del(`/v2/hooks/${id}`);
      navigate('/developers/hooks');
    });
  };
  return (
    <section class="vh-page">
      <p><a href="/developers/hooks">← Hooks</a></p>
      <h1>{hook ? `Hook “${hook.name}”` : 'Hook'}</h1>
      <Problem message={problem} />
      {hook && (
        <>
          <HookForm key={hook.id} hook={hook} services={services} title="Settings" action="Save changes" onSaved={setHook} />
          <Deliveries hookId={hook.id} />
          <section class="vh-danger-zone" aria-labelledby="vh-hook-danger">
            <h2 id="vh-hook-danger">Delete</h2>
            <button type="button" class="vh-button vh-button-danger" onClick={() => setDeleting(true)}>Delete this hook</button>
          </section>
          <Confirm open={deleting} title={`Delete the hook “${hook.name}”?`} action="Delete hook" onConfirm={remove} onCancel={() => setDeleting(false)}>
            <p>New videos stop triggering it; deliveries already waiting are dropped.</p>
          </Confirm>
        </>
      )}
    </section>
  );
}

function HookForm(props: { hook?: Hook; services: HookService[]; title: string; action: string; onSaved: (hook: Hook) => void }) {
  const editing = props.hook;
  const [filters, setFilters] = useState<HookFilter[]>(editing?.filters ?? []);
  const [params, setParams] = useState(editing?.params ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState('');
  const [busy, setBusy] = useState(false);
  const prefix = editing ? 'vh-hook-edit' : 'vh-hook';
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const body: Record<string, unknown> = {
      name: text(data, 'name'),
      event: data.get('event'),
      service: data.get('service'),
      action: data.get('action'),
      filters,
      filters_logic: data.get('filters_logic') ?? 'and',
      params: params.filter((p) => p.field || p.value),
    };
    if (editing) body.enabled = data.get('enabled') === 'on';
    setBusy(true);
    setSaved('');
    try {
      const hook = editing ? await patch<Hook>(`/v2/hooks/${editing.id}`, body) : await post<Hook>('/v2/hooks', body);
      setErrors({});
      if (!editing) {
        form.reset();
        setFilters([]);
        setParams([]);
      }
      setSaved(editing ? 'Saved.' : `Hook “${hook.name}” created.`);
      props.onSaved(hook);
    } catch (error) {
      const rows = [
        ...filters.flatMap((_, i) => ['field', 'operator', 'value'].map((part) => `filters[${i}].${part}`)),
        ...params.flatMap((_, i) => ['field', 'value'].map((part) => `params[${i}].${part}`)),
      ];
      setErrors(fieldErrors(error, [...rows, ...formFields]));
    }
    setBusy(false);
  };
  const setFilter = (index: number, change: Partial<HookFilter>) =>
    setFilters(filters.map((f, i) => (i === index ? { ...f, ...change } : f)));
  const setParam = (index: number, change: Partial<{ field: string; value: string }>) =>
    setParams(params.map((p, i) => (i === index ? { ...p, ...change } : p)));
  return (
    <form class="vh-form" onSubmit={(event) => void submit(event)} aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`}>{props.title}</h2>
      <Field id={`${prefix}-name`} label="Name" error={errors.name}>
        {(aria) => <input {...aria} name="name" required maxLength={40} defaultValue={editing?.name} />}
      </Field>
      <Field id={`${prefix}-event`} label="Event" error={errors.event}>
        {(aria) => (
          <select {...aria} name="event">
            <option value="video.created">A video is created (video.created)</option>
            {/* selected, not value, as for the service; an alert goes to a webhook service only */}
            <option value="video.experience_degraded" selected={editing?.event === 'video.experience_degraded'}>
              A video's viewers had a bad hour (video.experience_degraded, webhooks only)
            </option>
          </select>
        )}
      </Field>
      <Field id={`${prefix}-service`} label="Service" error={errors.service}>
        {(aria) => (
          <select {...aria} name="service" required>
            {/* selected, not value: a refused save re-renders without undoing the choice */}
            {props.services.map((s) => <option key={s.id} value={s.id} selected={s.id === editing?.service}>{s.name} ({s.type})</option>)}
          </select>
        )}
      </Field>
      <Field id={`${prefix}-action`} label="Action" error={errors.action}>
        {(aria) => (
          <select {...aria} name="action">
            <option value="videos.insert">Send it to the service: the event to a webhook, the ready video to the others (videos.insert)</option>
          </select>
        )}
      </Field>
      <fieldset aria-describedby={`${prefix}-filters-error`}>
        <legend>Filters (none: every event)</legend>
        {filters.map((filter, i) => (
          <div class="vh-filter" key={i} data-filter={i}>
            <Field id={`${prefix}-filter-${i}-field`} error={errors[`filters[${i}].field`]} label={`Filter ${i + 1} field`}>
              {(aria) => (
                <select {...aria} value={filter.field} onChange={(e) => setFilter(i, { field: e.currentTarget.value })}>
                  {filterFields.map((f) => <option key={f} value={f}>{f}</option>)}
                </select>
              )}
            </Field>
            <Field id={`${prefix}-filter-${i}-operator`} error={errors[`filters[${i}].operator`]} label="Operator">
              {(aria) => (
                <select {...aria} value={filter.operator} onChange={(e) => setFilter(i, { operator: e.currentTarget.value })}>
                  {operators.map(([op, words]) => <option key={op} value={op}>{op} {words}</option>)}
                </select>
              )}
            </Field>
            <Field id={`${prefix}-filter-${i}-value`} error={errors[`filters[${i}].value`]} label="Value">
              {(aria) => <input {...aria} value={filter.value} onInput={(e) => setFilter(i, { value: e.currentTarget.value })} />}
            </Field>
            <button type="button" class="vh-button vh-button-small" onClick={() => setFilters(filters.filter((_, j) => j !== i))}>
              Remove<span class="vh-visually-hidden"> filter {i + 1}</span>
            </button>
          </div>
        ))}
        <p>
          <button type="button" class="vh-button vh-button-small" onClick={() => setFilters([...filters, { field: 'name', operator: '==', value: '' }])}>
            Add a filter
          </button>
        </p>
        {filters.length > 1 && (
          <p class="vh-check-row">
            <span>Fire when</span>
            <label><input type="radio" name="filters_logic" value="and" defaultChecked={(editing?.filters_logic ?? 'and') !== 'or'} /> every filter holds</label>
            <label><input type="radio" name="filters_logic" value="or" defaultChecked={editing?.filters_logic === 'or'} /> any filter holds</label>
          </p>
        )}
        <span class="vh-field-error" id={`${prefix}-filters-error`} role="alert">{[errors.filters, errors.filters_logic].filter(Boolean).join(' ')}</span>
      </fieldset>
      <fieldset aria-describedby={`${prefix}-params-error`}>
        <legend>Parameters (depend on the service's type; see the API reference)</legend>
        {params.map((param, i) => (
          <div class="vh-row-form" key={i}>
            <Field id={`${prefix}-param-${i}-field`} error={errors[`params[${i}].field`]} label={`Parameter ${i + 1}`}>
              {(aria) => <input {...aria} value={param.field} onInput={(e) => setParam(i, { field: e.currentTarget.value })} />}
            </Field>
            <Field id={`${prefix}-param-${i}-value`} error={errors[`params[${i}].value`]} label="Value">
              {(aria) => <input {...aria} value={param.value} onInput={(e) => setParam(i, { value: e.currentTarget.value })} />}
            </Field>
            <button type="button" class="vh-button vh-button-small" onClick={() => setParams(params.filter((_, j) => j !== i))}>
              Remove<span class="vh-visually-hidden"> parameter {i + 1}</span>
            </button>
          </div>
        ))}
        <p><button type="button" class="vh-button vh-button-small" onClick={() => setParams([...params, { field: '', value: '' }])}>Add a parameter</button></p>
        <span class="vh-field-error" id={`${prefix}-params-error`} role="alert">{errors.params ?? ''}</span>
      </fieldset>
      {editing && (
        <p class="vh-field vh-check">
          <input id={`${prefix}-enabled`} name="enabled" type="checkbox" defaultChecked={editing.enabled} />
          <label for={`${prefix}-enabled`}>Enabled</label>
        </p>
      )}
      <p class="vh-field-error" role="alert">{errors[''] ?? ''}</p>
      <p class="vh-actions-start">
        <button type="submit" class="vh-button vh-button-primary" disabled={busy}>{props.action}</button>
        <span role="status">{saved}</span>
      </p>
    </form>
  );
}

const statusWords: Record<string, string> = {
  waiting: 'Waiting for the video',
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  skipped: 'Skipped',
};

/**
 * Deliveries is the hook's log, newest first, a page at a time, with “Send again” for failed and succeeded ones
 * (the API refuses the others). title names it where several are shown (a service's page: one per hook).
 */
export function Deliveries({ hookId, title = 'Deliveries' }: { hookId: string; title?: string }) {
  // The newest page first; older pages are added below it.
  const { data, setData, problem, setProblem, reload } = useResource(() => list<Delivery>(`/v2/hooks/${hookId}/deliveries`, { limit: '25' }), [hookId]);
  const items = data?.items;
  const next = data?.next ?? '';
  const { run } = useAction(setProblem);
  const older = (cursor: string) =>
    run(async () => {
      const page = await list<Delivery>(`/v2/hooks/${hookId}/deliveries`, { limit: '25' }, cursor);
      setData({ items: [...(items ?? []), ...page.items], next: page.next });
    });
  const retry = (delivery: Delivery) =>
    run(async () => {
      await post(`/v2/hooks/${hookId}/deliveries/${delivery.id}/retry`, undefined);
      await reload();
    });
  return (
    <section aria-labelledby={`vh-deliveries-${hookId}`}>
      <h2 id={`vh-deliveries-${hookId}`}>{title}</h2>
      <Problem message={problem} />
      {items && items.length === 0 && <p class="vh-empty">No deliveries yet: one appears here for each new video that matches this hook.</p>}
      {items && items.length > 0 && (
        <table class="vh-table">
          <caption class="vh-visually-hidden">{title}</caption>
          <thead>
            <tr><th scope="col">Video</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last answer</th><th scope="col">Created</th><th scope="col"><span class="vh-visually-hidden">Actions</span></th></tr>
          </thead>
          <tbody>
            {items.map((d) => (
              <tr key={d.id} data-delivery-id={d.id}>
                <td data-label="Video"><a href={`/videos/${d.video}`}>{d.video}</a></td>
                <td data-label="Status">{statusWords[d.status] ?? d.status}{d.error ? `: ${d.error}` : ''}</td>
                <td data-label="Attempts">{d.attempts}</td>
                <td data-label="Last answer">{d.last_http_status ? `HTTP ${d.last_http_status} in ${d.latency_ms} ms` : '—'}</td>
                <td data-label="Created">{date(d.created_time)}</td>
                <td>
                  {(d.status === 'failed' || d.status === 'succeeded') && (
                    <button type="button" class="vh-button vh-button-small" onClick={() => retry(d)}>
                      Send again<span class="vh-visually-hidden"> for video {d.video}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next && <p><button type="button" class="vh-button" onClick={() => older(next)}>Show older deliveries</button></p>}
    </section>
  );
}
