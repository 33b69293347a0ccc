// Live: the account's live events, newest first (GET /v2/videos?type=event),
// and a form that creates one and opens its page. The list is read again
// every few seconds while an event on it can still change status, and no
// longer once the page goes.
import { useEffect } from 'preact/hooks';
import { list, post } from '../../api';
import { Field, Problem, StatusBadge } from '../../components';
import { date, duration } from '../../format';
import { text, useResource, useSubmit, value } from '../../resource';
import { canEditVideos } from '../../roles';
import { navigate } from '../../router';
import { pollInterval } from './poll';
import { settled, type LiveEvent } from './types';
import './live.css';

export function LivePage({ role }: { role: string }) {
  const { data: page, problem, reload } = useResource(() => list<LiveEvent>('/v2/videos', { type: 'event', sort: '-created_time', limit: '25' }), []);
  const moving = page?.items.some((event) => !settled(event.status)) ?? false;
  useEffect(() => {
    if (!moving) return;
    const timer = window.setInterval(() => void reload(), pollInterval);
    return () => clearInterval(timer);
  }, [moving, reload]);
  return (
    <section class="vh-page">
      <h1>Live</h1>
      <p>Stream from OBS, ffmpeg or a hardware encoder over RTMP or SRT. Viewers watch in the same player as your videos; when you stop, the recording becomes a video.</p>
      {canEditVideos(role) && <CreateEvent />}
      <Problem message={problem} />
      {page && page.items.length === 0 && <p class="vh-empty">No live events yet{canEditVideos(role) ? ': create one above, then point your encoder at it.' : '.'}</p>}
      {page && page.items.length > 0 && (
        <table class="vh-table vh-live-table">
          <caption class="vh-visually-hidden">Live events, newest first</caption>
          <thead>
            <tr><th scope="col">Name</th><th scope="col">Status</th><th scope="col">Duration</th><th scope="col">Privacy</th><th scope="col">Created</th></tr>
          </thead>
          <tbody>
            {page.items.map((event) => (
              <tr key={event.id} data-event-id={event.id}>
                <td data-label="Name"><a href={`/live/${event.id}`}>{event.name}</a></td>
                <td data-label="Status"><StatusBadge status={event.status} progress={event.progress} /></td>
                <td data-label="Duration">{event.duration ? duration(event.duration) : '—'}</td>
                <td data-label="Privacy">{event.privacy}</td>
                <td data-label="Created">{date(event.created_time)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page?.next && <p class="vh-hint">Showing the 25 newest events; <code>vidhost live ls</code> lists them all.</p>}
    </section>
  );
}

/** CreateEvent makes an event (POST /v2/videos with type "event") and opens its page. */
function CreateEvent() {
  const { errors, busy, onSubmit } = useSubmit(['name', 'privacy'], async (data) => {
    const event = await post<LiveEvent>('/v2/videos', { type: 'event', name: text(data, 'name'), privacy: value(data, 'privacy') });
    navigate(`/live/${event.id}`);
  });
  return (
    <form class="vh-form vh-row-form" onSubmit={onSubmit} aria-labelledby="vh-create-event-title">
      <h2 id="vh-create-event-title" class="vh-row-form-title">Create a live event</h2>
      <Field id="vh-event-name" label="Name" error={errors.name}>
        {(aria) => <input {...aria} name="name" required maxLength={100} />}
      </Field>
      <Field id="vh-event-privacy" label="Privacy" error={errors.privacy}>
        {(aria) => (
          <select {...aria} name="privacy">
            <option value="unlisted">Unlisted</option>
            <option value="public">Public</option>
            <option value="private">Private</option>
          </select>
        )}
      </Field>
      <button type="submit" class="vh-button vh-button-primary" disabled={busy}>Create event</button>
      <Problem message={errors[''] ?? ''} />
    </form>
  );
}
