// Video detail: the player (the /embed page in a frame: same origin, so the
// session cookie opens private videos, docs/playback.md), the editable
// fields, sharing, the outputs with copy buttons, the error reason, and
// delete; the parts attached to a video (thumbnail, tracks, chapters,
// cards, gates and leads, hotspots) each have a file in ./video/.
import { useEffect, useState } from 'preact/hooks';
import { APIError, del, get, patch } from '../api';
import { Confirm, CopyButton, Problem, StatusBadge } from '../components';
import { date, duration } from '../format';
import { navigate } from '../router';
import type { Privacy, Video } from '../types';
import { Cards } from './video/cards';
import { CategoryChoice } from './video/categories';
import { Chapters } from './video/chapters';
import { Gates } from './video/gates';
import { HotspotLayer, Hotspots, useHotspotEditor } from './video/hotspots';
import { Sharing } from './video/share';
import { Thumbnail } from './video/thumbnail';
import { Tracks } from './video/tracks';
import type { VideoDetail } from './video/types';
import './video/video.css';

const pollInterval = 3000;

export function VideoPage({ id }: { id: string }) {
  const [video, setVideo] = useState<VideoDetail | null>(null);
  const [problem, setProblem] = useState('');
  const [playerVersion, setPlayerVersion] = useState(0);
  const editor = useHotspotEditor();
  const reload = async () => setVideo(await get<VideoDetail>(`/v2/videos/${id}`));
  useEffect(() => {
    let stopped = false;
    let timer = 0;
    const load = async () => {
      try {
        const next = await get<VideoDetail>(`/v2/videos/${id}`);
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
        <>
          <div class="vh-player">
            <iframe key={playerVersion} src={`/embed/${video.id}`} title={`Player: ${video.name}`} allow="autoplay; fullscreen; picture-in-picture" />
            <HotspotLayer video={video} editor={editor} onChanged={reload} />
          </div>
          <p class="vh-actions-start">
            <button type="button" class="vh-button vh-button-small" id="vh-player-reload" onClick={() => setPlayerVersion((v) => v + 1)}>Reload the player</button>
            <span class="vh-hint">to see the changes below in it.</span>
          </p>
        </>
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
      <EditForm key={video.id} video={video} onSaved={(next) => setVideo({ ...video, ...next })} />
      <Sharing video={video} />
      <Thumbnail video={video} onChanged={reload} />
      <Chapters video={video} onChanged={reload} />
      {video.type === 'event' ? (
        <p class="vh-note">Tracks, cards, gates and hotspots are for videos on demand, not live events.</p>
      ) : (
        <>
          <Tracks video={video} onChanged={reload} />
          <Cards video={video} onChanged={reload} />
          <Gates video={video} onChanged={reload} />
          <Hotspots video={video} onChanged={reload} editor={editor} />
        </>
      )}
      <Outputs video={video} />
      <DeleteVideo video={video} />
    </section>
  );
}

function EditForm({ video, onSaved }: { video: VideoDetail; onSaved: (v: VideoDetail) => void }) {
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
      const next = await patch<VideoDetail>(`/v2/videos/${video.id}`, {
        name: String(form.get('name') ?? ''),
        description: String(form.get('description') ?? ''),
        tags,
        privacy: String(form.get('privacy')) as Privacy,
        enabled: form.get('enabled') === 'on',
        // Only once the choice has loaded: a failed read must not clear them.
        ...(form.get('categories_shown') ? { categories: form.getAll('categories').map(String) } : {}),
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
  const general = error && !['name', 'description', 'tags', 'privacy', 'categories'].some((f) => error.names(f)) ? error.message : '';
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
      <CategoryChoice selected={video.categories ?? []} error={fieldError('categories')} />
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
