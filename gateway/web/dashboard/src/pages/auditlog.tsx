// Account → Audit log: every change to the account, newest first
// (docs/audit-logs.md), filtered by who, what and when. The filters live in
// the URL (a view can be linked and reloaded) and go to the API, which
// checks them and names a bad one; "Show older" reads the next page with
// the same filters. Reading the log is an Enterprise feature: other plans
// get a 403 plan_required, shown as what it means.
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { APIError, all, fieldErrors, list } from '../api';
import { Field, Problem } from '../components';
import { date } from '../format';
import { text, useResource } from '../resource';
import { canAdminister } from '../roles';
import { navigate } from '../router';
import type { AuditLog, User } from '../types';
import { AccountTabs } from './team-tabs';

const filterNames = ['actor_type', 'actor_id', 'entity_type', 'entity_id', 'action_type', 'start', 'end'];
const entityTypes = ['videos', 'folders', 'players', 'categories', 'transcribes', 'leads', 'uploads', 'keys', 'jwt_keys', 'users', 'invites', 'accounts', 'services', 'hooks', 'tokens', 'identity_providers', 'stream_keys'];
const actionTypes = ['create', 'update', 'delete', 'sign_in', 'refuse', 'accept', 'resend', 'set_plan', 'disable', 'enable'];
const actorWords: Record<string, string> = { api_key: 'API key', user: 'Person', system: 'System' };

export function AuditLogPage({ role, url }: { role: string; url: URL }) {
  const search = url.search;
  const filters = useMemo(() => {
    const params = new URLSearchParams(search);
    return Object.fromEntries(filterNames.map((n) => [n, params.get(n) ?? '']));
  }, [search]);
  const [entries, setEntries] = useState<AuditLog[] | null>(null);
  const [next, setNext] = useState('');
  // The refusal itself, not only its message: plan_required is shown as what it means.
  const [error, setError] = useState<unknown>(null);
  const admin = canAdminister(role);
  // before: the entries already shown, which an older page is added to.
  const read = useCallback(async (cursor: string, before: AuditLog[]) => {
    try {
      const page = await list<AuditLog>('/v2/audit_logs', { ...filters, limit: '25' }, cursor);
      setEntries([...before, ...page.items]);
      setNext(page.next);
      setError(null);
    } catch (e) {
      setError(e);
      if (!cursor) setEntries(null);
    }
  }, [filters]);
  useEffect(() => {
    if (admin) void read('', []);
  }, [admin, read]);
  // Names for the people in the log (the log itself only has their ids); without them it shows ids.
  const { data: people } = useResource(
    async () => {
      if (!admin) return null;
      const users = await all<User>('/v2/users').catch(() => []);
      return Object.fromEntries(users.map((u) => [u.id, u.name || u.email]));
    },
    [admin],
  );
  const apply = (event: Event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const query = new URLSearchParams();
    for (const name of filterNames) {
      const value = text(data, name);
      if (value) query.set(name, value);
    }
    const search = query.toString();
    navigate('/account/audit-log' + (search ? '?' + search : ''), true);
  };

  const planRequired = error instanceof APIError && error.code === 'plan_required';
  const errors = error && !planRequired ? fieldErrors(error, filterNames) : { '': '' };
  const filtered = Object.values(filters).some(Boolean);
  return (
    <section class="vh-page">
      <h1>Audit log</h1>
      <AccountTabs current="auditlog" role={role} />
      {!admin && <p class="vh-note">Only admins and owners read the audit log; your role is {role}.</p>}
      {planRequired && (
        <div class="vh-note vh-plan-required" role="region" aria-label="Audit log not included">
          <h2>The audit log comes with the Enterprise plan</h2>
          <p>
            Every change to this account is recorded already, whatever the plan: once the account is on Enterprise, you can read
            who changed what, when and from where. See your <a href="/account">plan and usage</a>, and ask the operator of this
            Vidhost installation to move the account.
          </p>
        </div>
      )}
      {admin && !planRequired && (
        <form class="vh-audit-filters" role="search" aria-label="Filter the audit log" onSubmit={apply} key={url.search}>
          <Field id="vh-audit-actor-type" label="Who" error={errors.actor_type}>
            {(aria) => (
              <select {...aria} name="actor_type">
                {/* A <select> has no defaultValue for Preact to set: the option is selected. */}
                {Object.entries({ '': 'Anyone', user: 'A person', api_key: 'An API key', system: 'The system' }).map(([value, words]) => (
                  <option key={value} value={value} selected={value === filters.actor_type}>{words}</option>
                ))}
              </select>
            )}
          </Field>
          <Field id="vh-audit-actor-id" label="Their id" error={errors.actor_id}>
            {(aria) => <input {...aria} name="actor_id" defaultValue={filters.actor_id} maxLength={64} />}
          </Field>
          <Field id="vh-audit-entity-type" label="What" error={errors.entity_type}>
            {(aria) => (
              <select {...aria} name="entity_type">
                <option value="">Anything</option>
                {entityTypes.map((t) => <option key={t} value={t} selected={t === filters.entity_type}>{t.replace('_', ' ')}</option>)}
              </select>
            )}
          </Field>
          <Field id="vh-audit-entity-id" label="Its id" error={errors.entity_id}>
            {(aria) => <input {...aria} name="entity_id" defaultValue={filters.entity_id} maxLength={64} />}
          </Field>
          <Field id="vh-audit-action" label="Action" error={errors.action_type}>
            {(aria) => (
              <select {...aria} name="action_type">
                <option value="">Any</option>
                {actionTypes.map((t) => <option key={t} value={t} selected={t === filters.action_type}>{t.replace('_', ' ')}</option>)}
              </select>
            )}
          </Field>
          <Field id="vh-audit-start" label="From" error={errors.start}>
            {(aria) => <input {...aria} name="start" type="date" defaultValue={filters.start} />}
          </Field>
          <Field id="vh-audit-end" label="To (included)" error={errors.end}>
            {(aria) => <input {...aria} name="end" type="date" defaultValue={filters.end} />}
          </Field>
          <p class="vh-actions-start">
            <button type="submit" class="vh-button vh-button-primary">Filter</button>
            {filtered && <a class="vh-button" href="/account/audit-log">Clear</a>}
          </p>
        </form>
      )}
      {!planRequired && <Problem message={errors['']} />}
      {entries && entries.length === 0 && (
        <p class="vh-empty">{filtered ? 'Nothing matches these filters: widen the dates or clear a filter.' : 'Nothing recorded yet: changes to videos, keys, people and settings appear here as they happen.'}</p>
      )}
      {entries && entries.length > 0 && (
        <table class="vh-table vh-audit" aria-label="Audit log entries">
          <thead>
            <tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">Action</th><th scope="col">What</th><th scope="col">Details</th></tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} data-entry={e.entity_type + '.' + e.action_type}>
                <td data-label="When">{date(e.action_time)}</td>
                <td data-label="Who">
                  {actorWords[e.actor_type] ?? e.actor_type} {people?.[e.actor_id] ?? <code>{e.actor_id}</code>}
                  {e.action_ip && <><br /><span class="vh-hint">from {e.action_ip}</span></>}
                </td>
                <td data-label="Action">{e.action_type.replace('_', ' ')}</td>
                <td data-label="What">{e.entity_type.replace('_', ' ')} <code>{e.entity_id}</code></td>
                <td data-label="Details">
                  <details>
                    <summary>Data<span class="vh-visually-hidden"> of this {e.action_type.replace('_', ' ')}</span></summary>
                    <pre class="vh-mono vh-audit-data">{pretty(e.action_data)}</pre>
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next && <p><button type="button" class="vh-button" onClick={() => void read(next, entries ?? [])}>Show older entries</button></p>}
    </section>
  );
}

function pretty(data: string): string {
  try {
    return JSON.stringify(JSON.parse(data), null, 2);
  } catch {
    return data;
  }
}
