// Tracks: the video's captions and subtitles, a form that uploads a .vtt
// file and adds it (POST /v2/videos/{id}/tracks with the upload's
// reference), and transcribes, which make a track from the speech
// (POST /v2/transcribes), with their status read again until they settle.
import { useEffect, useRef, useState } from 'preact/hooks';
import { APIError, del, list, post } from '../../api';
import { Field, Problem } from '../../components';
import { text, useAction, useSubmit } from '../../resource';
import { Input, Remove, Section, Submit } from './section';
import type { SectionProps } from './types';
import type { Transcribe } from './types';
import { uploadFile } from './upload';

const pollInterval = 3000;

export function Tracks({ video, onChanged }: SectionProps) {
  return (
    <Section id="tracks" title="Captions and subtitles">
      {video.tracks.length === 0 && <p class="vh-empty">No tracks yet: upload a WebVTT file or ask for a transcribe below.</p>}
      {video.tracks.length > 0 && (
        <ul class="vh-items" id="vh-track-list">
          {video.tracks.map((track) => (
            <li key={track.id} data-track-id={track.id}>
              <span><strong>{track.label}</strong> ({track.language}, {track.kind})</span>
              <a href={track.url} target="_blank" rel="noopener">WebVTT file<span class="vh-visually-hidden"> of {track.label}</span></a>
              <Remove what={track.label} title={`Delete the track “${track.label}”?`} detail="The player stops offering it and its file is deleted."
                onRemove={async () => { await del(`/v2/videos/${video.id}/tracks/${track.id}`); await onChanged(); }} />
            </li>
          ))}
        </ul>
      )}
      <AddTrack videoID={video.id} onChanged={onChanged} />
      <Transcribes videoID={video.id} ready={video.status === 'ready'} onChanged={onChanged} />
    </Section>
  );
}

function KindSelect({ form, errors }: { form: string; errors: Record<string, string> }) {
  return (
    <Field id={`vh-${form}-kind`} label="Kind" error={errors.kind}>
      {(aria) => (
        <select {...aria} name="kind">
          <option value="subtitles">Subtitles (the words spoken)</option>
          <option value="captions">Captions (words and sounds, for deaf viewers)</option>
        </select>
      )}
    </Field>
  );
}

function AddTrack({ videoID, onChanged }: { videoID: string; onChanged: () => Promise<void> }) {
  const { errors, busy, onSubmit } = useSubmit(['label', 'language', 'kind', 'url'], async (data) => {
    const file = data.get('file');
    if (!(file instanceof File) || !file.size) throw new APIError(400, 'invalid_argument', 'url must be a .vtt file', [{ code: 'invalid_argument', message: 'Choose a .vtt file.', field: 'url' }]);
    let reference: string;
    try {
      reference = await uploadFile(file, file.name.toLowerCase().endsWith('.vtt') ? file.name : `${file.name}.vtt`);
    } catch (error) {
      // The upload's refusal is about the file: show it there.
      const problem = error as APIError;
      throw new APIError(problem.status ?? 0, problem.code ?? 'internal', problem.message, [{ code: problem.code ?? 'internal', message: problem.message, field: 'url' }]);
    }
    await post(`/v2/videos/${videoID}/tracks`, { label: text(data, 'label'), language: text(data, 'language'), kind: text(data, 'kind'), url: reference });
    await onChanged();
  });
  return (
    <form class="vh-form" id="vh-track-form" onSubmit={onSubmit} aria-labelledby="vh-track-form-title">
      <h3 id="vh-track-form-title">Upload a WebVTT file</h3>
      <Field id="vh-track-file" label="File (.vtt, at most 2 MiB)" error={errors.url}>
        {(aria) => <input {...aria} name="file" type="file" accept=".vtt,text/vtt" required />}
      </Field>
      <div class="vh-row-form">
        <Input form="track" name="label" label="Label (shown in the player's menu)" errors={errors} required maxLength={50} />
        <Input form="track" name="language" label="Language (a BCP 47 tag: en, pt-BR)" errors={errors} required maxLength={35} />
        <KindSelect form="track" errors={errors} />
      </div>
      <Submit label="Add track" busy={busy} errors={errors} />
    </form>
  );
}

const statusWords: Record<Transcribe['status'], string> = {
  queued: 'Queued',
  processing: 'Transcribing',
  ready: 'Ready: added as a track',
  error: 'Failed',
  // Its job was sent: the worker stops it and reports, then it is cancelled.
  cancelling: 'Cancelling',
  cancelled: 'Cancelled',
};

function Transcribes({ videoID, ready, onChanged }: { videoID: string; ready: boolean; onChanged: () => Promise<void> }) {
  const [items, setItems] = useState<Transcribe[]>([]);
  const [problem, setProblem] = useState('');
  const { run } = useAction(setProblem);
  const [version, setVersion] = useState(0);
  // The poll below calls the latest onChanged without restarting when the parent passes a new one.
  const onChangedRef = useRef(onChanged);
  useEffect(() => {
    onChangedRef.current = onChanged;
  });
  useEffect(() => {
    let stopped = false;
    let timer = 0;
    let unsettled = new Set<string>();
    const load = async () => {
      try {
        const page = await list<Transcribe>('/v2/transcribes', { video_id: videoID, limit: '25' });
        if (stopped) return;
        setItems(page.items);
        const now = new Set(page.items.filter((t) => t.status === 'queued' || t.status === 'processing' || t.status === 'cancelling').map((t) => t.id));
        // One that settled since the last read may have added a track.
        if ([...unsettled].some((id) => !now.has(id))) await onChangedRef.current();
        unsettled = now;
        if (now.size) timer = window.setTimeout(load, pollInterval);
      } catch (error) {
        if (!stopped) setProblem((error as Error).message);
      }
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [videoID, version]);
  const { errors, busy, onSubmit } = useSubmit(['language', 'label', 'kind', 'video_id'], async (data) => {
    await post('/v2/transcribes', { video_id: videoID, language: text(data, 'language'), label: text(data, 'label'), kind: text(data, 'kind') });
    setVersion((v) => v + 1);
  });
  return (
    <div id="vh-transcribes">
      <form class="vh-form" id="vh-transcribe-form" onSubmit={onSubmit} aria-labelledby="vh-transcribe-title">
        <h3 id="vh-transcribe-title">Transcribe the speech</h3>
        <p class="vh-hint">The speech becomes a subtitle track, recognised on this installation's own machines. {ready ? '' : 'The video must be ready first.'}</p>
        <div class="vh-row-form">
          <Input form="transcribe" name="language" label="Language (with region: en-US)" errors={errors} required defaultValue="en-US" maxLength={35} />
          <Input form="transcribe" name="label" label="Label" errors={errors} required maxLength={50} defaultValue="Automatic transcript" />
          <KindSelect form="transcribe" errors={errors} />
        </div>
        {errors.video_id && <Problem message={errors.video_id} />}
        <Submit label="Transcribe" busy={busy || !ready} errors={errors} />
      </form>
      <Problem message={problem} />
      {items.length > 0 && (
        <ul class="vh-items" aria-label="Transcribes" aria-live="polite">
          {items.map((item) => (
            <li key={item.id} data-transcribe-id={item.id} data-status={item.status}>
              <span><strong>{item.label}</strong> ({item.language})</span>
              <span class={`vh-badge vh-badge-${item.status === 'ready' ? 'ready' : item.status === 'error' ? 'error' : 'processing'}`}>
                {statusWords[item.status]}{item.status === 'error' && item.error ? `: ${item.error}` : ''}
              </span>
              {(item.status === 'queued' || item.status === 'processing') && (
                <button type="button" class="vh-button vh-button-small" onClick={() => run(async () => {
                  await del(`/v2/transcribes/${item.id}`);
                  setVersion((v) => v + 1);
                })}>
                  Cancel<span class="vh-visually-hidden"> {item.label}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
