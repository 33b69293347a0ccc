// Details: the video's own fields (name, description, tags, privacy,
// categories, enabled), each refusal beside the field the envelope names.
import { useState } from 'preact/hooks';
import { APIError, patch } from '../../api';
import { Problem } from '../../components';
import { value } from '../../resource';
import type { Privacy } from '../../types';
import { CategoryChoice } from './categories';
import type { VideoDetail } from './types';

export function EditForm({ video, onSaved }: { video: VideoDetail; onSaved: (v: VideoDetail) => void }) {
  const [error, setError] = useState<APIError | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  // A <select> has no defaultValue property for Preact to set: controlled.
  const [privacy, setPrivacy] = useState<Privacy>(video.privacy as Privacy);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const tags = value(form, 'tags').split(/[\s,]+/).filter(Boolean);
    setBusy(true);
    setSaved(false);
    try {
      const next = await patch<VideoDetail>(`/v2/videos/${video.id}`, {
        name: value(form, 'name'),
        description: value(form, 'description'),
        tags,
        privacy: value(form, 'privacy') as Privacy,
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
    <form class="vh-form" onSubmit={(event) => void submit(event)} aria-labelledby="vh-edit-title">
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
