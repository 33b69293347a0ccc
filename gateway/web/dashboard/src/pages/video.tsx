// Video detail: the player (the /embed page in a frame: same origin, so the
// session cookie opens private videos, docs/playback.md), the editable
// fields, the outputs with copy buttons, the error reason, and delete.
import { useEffect, useState } from 'preact/hooks';
import { APIError, del, get, patch } from '../api';
import { Confirm, CopyButton, Problem, StatusBadge } from '../components';
import { date, duration } from '../format';
import { navigate } from '../router';
import type { Privacy, Video } from '../types';

const pollInterval = 3000;

export function VideoPage({ id }: { id: string }) {
  const [video, setVideo] = useState<Video | null>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    let stopped = false;
    let timer = 0;
    const load = async () => {
      try {
        const next = await get<Video>(`/v2/videos/${id}`);
        if (stopped) return;
        setVideo(next);
        if (next.status === 'preparing' || next.status === 'processing') timer = window.setTimeout(load, pollInterval);
      } catch (error) {
        if (!stopped) setProblem(error instanceof APIError && error.status === 404 ? 'This video does not exist, or was deleted.' : String((error as Error).message));
      }
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id]);

  if (!video) {
    return (
      <section class="vh-page">
        <h1>Video</h1>
        <Problem message={problem} />
        {!problem && <p>Loading…</p>}
      </section>
    );
  }
  return (
    <section class="vh-page vh-video-page">
      <p><a href="/videos">← All videos</a></p>
      <div class="vh-page-head">
        <h1>{video.name}</h1>
        <StatusBadge status={video.status} progress={video.progress} />
      </div>
      {video.status === 'ready' && (
        <div class="vh-player">
          <iframe src={`/embed/${video.id}`} title={`Player: ${video.name}`} allow="autoplay; fullscreen; picture-in-picture" />
        </div>
      )}
      {video.status === 'error' && (
        <p class="vh-problem" role="alert">
          This video could not be transcoded: {video.status_reason || 'no reason was given'}.
        </p>
      )}
      {(video.status === 'preparing' || video.status === 'processing') && (
        <p class="vh-note" role="status">Transcoding: {video.progress}% done. This page updates by itself.</p>
      )}
      <dl class="vh-facts">
        <dt>Duration</dt><dd>{video.duration ? duration(video.duration) : '—'}</dd>
        <dt>Created</dt><dd>{date(video.created_time)}</dd>
        <dt>Id</dt><dd><code>{video.id}</code></dd>
      </dl>
      <EditForm key={video.id} video={video} onSaved={setVideo} />
      <Sharing video={video} />
      <Outputs video={video} />
      <DeleteVideo video={video} />
    </section>
  );
}

function EditForm({ video, onSaved }: { video: Video; onSaved: (v: Video) => void }) {
  const [error, setError] = useState<APIError | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  // A <select> has no defaultValue property for Preact to set: controlled.
  const [privacy, setPrivacy] = useState<Privacy>(video.privacy);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const tags = String(form.get('tags') ?? '').split(/[\s,]+/).filter(Boolean);
    setBusy(true);
    setSaved(false);
    try {
      const next = await patch<Video>(`/v2/videos/${video.id}`, {
        name: String(form.get('name') ?? ''),
        description: String(form.get('description') ?? ''),
        tags,
        privacy: String(form.get('privacy')) as Privacy,
        enabled: form.get('enabled') === 'on',
      });
      onSaved(next);
      setError(null);
      setSaved(true);
    } catch (e) {
      setError(e instanceof APIError ? e : new APIError(0, 'internal', String(e)));
    }
    setBusy(false);
  };
  // The envelope's message names the field: show it beside that field.
  const fieldError = (field: string) => (error?.names(field) ? error.message : '');
  const general = error && !['name', 'description', 'tags', 'privacy'].some((f) => error.names(f)) ? error.message : '';
  return (
    <form class="vh-form" onSubmit={submit} aria-labelledby="vh-edit-title">
      <h2 id="vh-edit-title">Details</h2>
      <Field id="vh-name" label="Name" error={fieldError('name')}>
        <input id="vh-name" name="name" defaultValue={video.name} required maxLength={100} aria-invalid={Boolean(fieldError('name'))} aria-describedby="vh-name-error" />
      </Field>
      <Field id="vh-description" label="Description" error={fieldError('description')}>
        <textarea id="vh-description" name="description" rows={4} maxLength={5000} defaultValue={video.description} aria-invalid={Boolean(fieldError('description'))} aria-describedby="vh-description-error" />
      </Field>
      <Field id="vh-tags" label="Tags (lowercase words, separated by spaces)" error={fieldError('tags')}>
        <input id="vh-tags" name="tags" defaultValue={video.tags.join(' ')} aria-invalid={Boolean(fieldError('tags'))} aria-describedby="vh-tags-error" />
      </Field>
      <Field id="vh-privacy" label="Privacy" error={fieldError('privacy')}>
        <select id="vh-privacy" name="privacy" value={privacy} onChange={(e) => setPrivacy(e.currentTarget.value as Privacy)} aria-invalid={Boolean(fieldError('privacy'))} aria-describedby="vh-privacy-error">
          <option value="public">Public: anyone, listed</option>
          <option value="unlisted">Unlisted: anyone with the link</option>
          <option value="private">Private: signed-in users and viewer tokens only</option>
        </select>
      </Field>
      <p class="vh-field vh-check">
        <input id="vh-enabled" name="enabled" type="checkbox" defaultChecked={video.enabled} />
        <label for="vh-enabled">Enabled (unchecked: playback is blocked, nothing is deleted)</label>
      </p>
      <Problem message={general} />
      <p class="vh-actions">
        <button type="submit" class="vh-button vh-button-primary" disabled={busy}>Save</button>
        <span role="status">{saved ? 'Saved.' : ''}</span>
      </p>
    </form>
  );
}

function Field(props: { id: string; label: string; error: string; children: preact.ComponentChildren }) {
  return (
    <p class="vh-field">
      <label for={props.id}>{props.label}</label>
      {props.children}
      <span id={`${props.id}-error`} class="vh-field-error">{props.error}</span>
    </p>
  );
}

/** Sharing: the watch page's link and the embed snippet (docs/embed.md). */
function Sharing({ video }: { video: Video }) {
  const watch = new URL(`/watch/${video.id}`, location.href).href;
  const embed = `<iframe src="${new URL(`/embed/${video.id}`, location.href).href}" width="640" height="360" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`;
  return (
    <section aria-labelledby="vh-share-title">
      <h2 id="vh-share-title">Share and embed</h2>
      {video.privacy === 'private' && <p class="vh-note">Private: these open only for signed-in users of this account or with a viewer token.</p>}
      <ul class="vh-outputs">
        <li>
          <span class="vh-output-label">Watch page</span>
          <code class="vh-output-url" id="vh-watch-link">{watch}</code>
          <CopyButton text={watch} label="Copy the watch page link" />
        </li>
        <li>
          <span class="vh-output-label">Embed code</span>
          <code class="vh-output-url" id="vh-embed-code">{embed}</code>
          <CopyButton text={embed} label="Copy the embed code" />
        </li>
      </ul>
    </section>
  );
}

function Outputs({ video }: { video: Video }) {
  if (video.outputs.length === 0) return null;
  return (
    <section aria-labelledby="vh-outputs-title">
      <h2 id="vh-outputs-title">Outputs</h2>
      <ul class="vh-outputs">
        {video.outputs.map((output) => (
          <li key={output.url}>
            <span class="vh-output-label">{output.label}</span>
            <code class="vh-output-url">{output.url}</code>
            <CopyButton text={output.url} label={`Copy the ${output.label} URL`} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function DeleteVideo({ video }: { video: Video }) {
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState('');
  const remove = async () => {
    setAsking(false);
    try {
      await del(`/v2/videos/${video.id}`);
      navigate('/videos');
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  return (
    <section aria-labelledby="vh-delete-title" class="vh-danger-zone">
      <h2 id="vh-delete-title">Delete</h2>
      <p>Deleting removes the video and every file made from it. It cannot be undone.</p>
      <button type="button" class="vh-button vh-button-danger" onClick={() => setAsking(true)}>Delete this video</button>
      <Problem message={problem} />
      <Confirm open={asking} title={`Delete “${video.name}”?`} action="Delete" onConfirm={remove} onCancel={() => setAsking(false)}>
        <p>The video, its outputs and its statistics are removed for good.</p>
      </Confirm>
    </section>
  );
}
