// An event's restreams (docs/live.md, "Restreaming"): the other platforms
// the live service sends the stream to as it arrives. Each row shows the
// output's state as the live service last reported it (idle, connecting,
// live, error with the reason), read again every few seconds while the event
// is live; uploaders add outputs (the stream key is write-only: a password
// field, never shown again), pause and resume them, and remove them. A change
// reaches a running stream within 5 seconds.
import { useEffect, useState } from 'preact/hooks';
import { all, del, patch, post } from '../../api';
import { Confirm, Field, Problem } from '../../components';
import { text, useAction, useResource, useSubmit } from '../../resource';
import { canEditVideos } from '../../roles';
import type { Restream } from '../../types';
import { pollInterval } from './poll';

const stateWords: Record<string, string> = {
  idle: 'Idle',
  connecting: 'Connecting',
  live: 'Live',
  error: 'Error',
};

export function Restreams({ id, role, live }: { id: string; role: string; live: boolean }) {
  const path = `/v2/videos/${id}/restreams`;
  const { data: outputs, problem, setProblem, reload } = useResource(() => all<Restream>(path), [path]);
  const { busy, run } = useAction(setProblem);
  const [removing, setRemoving] = useState<Restream | null>(null);
  const editor = canEditVideos(role);
  useEffect(() => {
    if (!live) return undefined;
    const timer = window.setInterval(() => void reload(), pollInterval);
    return () => clearInterval(timer);
  }, [live, reload]);
  const act = (work: () => Promise<unknown>) =>
    run(async () => {
      await work();
      setProblem('');
      await reload();
    });
  const remove = () => {
    const output = removing;
    setRemoving(null);
    if (output) act(() => del(`${path}/${output.id}`));
  };
  return (
    <section aria-labelledby="vh-restreams-title" class="vh-restreams">
      <h2 id="vh-restreams-title">Restreams</h2>
      <p class="vh-hint">Send this event to other platforms (YouTube, Twitch, your own server) as it arrives, without re-encoding.</p>
      {outputs && outputs.length === 0 && <p class="vh-note">No restreams yet.</p>}
      {outputs && outputs.length > 0 && (
        <ul class="vh-outputs vh-restream-list">
          {outputs.map((o) => (
            <li key={o.id} data-restream-id={o.id}>
              <span class="vh-output-label">{o.name}</span>
              <span>
                <code class="vh-output-url">{o.url}</code>
                {!o.stream_key_set && <span class="vh-hint"> (no stream key)</span>}
                {o.status === 'error' && o.status_reason && <span class="vh-restream-reason"> {o.status_reason}</span>}
              </span>
              <span class={`vh-badge vh-restream-${o.status}`} data-status={o.status}>
                {o.enabled ? stateWords[o.status] ?? o.status : 'Paused'}
              </span>
              {editor && (
                <span class="vh-actions-start">
                  <button type="button" class="vh-button vh-button-small" disabled={busy}
                    onClick={() => act(() => patch(`${path}/${o.id}`, { enabled: !o.enabled }))}>
                    {o.enabled ? 'Pause' : 'Resume'}
                  </button>
                  <button type="button" class="vh-button vh-button-small vh-button-danger" disabled={busy} onClick={() => setRemoving(o)}>Remove</button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <Problem message={problem} />
      {editor && <AddRestream path={path} onAdded={reload} />}
      <Confirm id="vh-restream-remove-title" open={removing !== null} title={`Remove ${removing?.name ?? 'this restream'}?`} action="Remove"
        onConfirm={remove} onCancel={() => setRemoving(null)}>
        <p>The platform stops receiving this event within 5 seconds. Its stream key is deleted with it.</p>
      </Confirm>
    </section>
  );
}

function AddRestream({ path, onAdded }: { path: string; onAdded: () => Promise<void> }) {
  const { errors, busy, onSubmit } = useSubmit(['name', 'url', 'stream_key'], async (data) => {
    await post<Restream>(path, { name: text(data, 'name'), url: text(data, 'url'), stream_key: text(data, 'stream_key') });
    await onAdded();
  }, { '': '' });
  return (
    <form class="vh-form" onSubmit={onSubmit} aria-labelledby="vh-restream-add-title" noValidate>
      <h3 id="vh-restream-add-title">Add a restream</h3>
      <Field id="vh-restream-name" label="Name" error={errors.name}>
        {(aria) => <input {...aria} name="name" required maxLength={100} placeholder="YouTube" />}
      </Field>
      <Field id="vh-restream-url" label="Server URL" hint="rtmp:// or rtmps://, as the platform shows it, without the key." error={errors.url}>
        {(aria) => <input {...aria} name="url" required maxLength={2000} placeholder="rtmps://a.rtmp.youtube.com/live2" autoComplete="off" />}
      </Field>
      <Field id="vh-restream-key" label="Stream key" hint="Kept encrypted and never shown again." error={errors.stream_key}>
        {(aria) => <input {...aria} name="stream_key" type="password" maxLength={500} autoComplete="off" />}
      </Field>
      <p class="vh-field-error" role="alert">{errors['']}</p>
      <p><button type="submit" class="vh-button vh-button-primary" disabled={busy}>Add restream</button></p>
    </form>
  );
}
