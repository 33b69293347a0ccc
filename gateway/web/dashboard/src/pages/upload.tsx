// Upload: drop several files (or choose them), each with its progress, a
// pause/resume button and, once its video is made, a link to it and its
// transcode status, read again until it is ready or failed (outcome).
// Uploads use tus through Uppy (../uploader.ts). An empty file is refused
// here with one sentence, since no server could take it. Or name a URL for
// Vidhost to fetch.
import { useEffect, useState } from 'preact/hooks';
import { post } from '../api';
import { Problem, StatusBadge } from '../components';
import { bytes, sentence } from '../format';
import { text, useAction } from '../resource';
import type { Video } from '../types';
import { onChange, outcome, pickerTypes, unfinishedUploads, uploader, type UploadFile } from '../uploader';

/** Refused is a file not sent, with why. */
interface Refused {
  name: string;
  reason: string;
}

export function UploadPage() {
  const uppy = uploader();
  const [, setVersion] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState('');
  const [refused, setRefused] = useState<Refused[]>([]);
  useEffect(() => onChange(() => setVersion((v) => v + 1)), []);
  const files = uppy.getFiles();
  const waiting = unfinishedUploads().filter((name) => !files.some((f) => f.name === name));

  const add = (list: FileList | null) => {
    setProblem('');
    const empty: Refused[] = [];
    for (const file of Array.from(list ?? [])) {
      if (file.size === 0) {
        empty.push({ name: file.name, reason: 'This file is empty.' });
        continue;
      }
      try {
        uppy.addFile({ name: file.name, type: file.type, data: file, source: 'dashboard' });
      } catch (error) {
        setProblem(sentence(error instanceof Error ? error.message : String(error)));
      }
    }
    setRefused((earlier) => [...earlier.filter((r) => !empty.some((e) => e.name === r.name)), ...empty]);
  };

  return (
    <section class="vh-page">
      <h1>Upload videos</h1>
      <div
        class={dragging ? 'vh-drop vh-drop-active' : 'vh-drop'}
        onDragOver={(e) => { e.preventDefault(); setDragging(true); }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => { e.preventDefault(); setDragging(false); add(e.dataTransfer?.files ?? null); }}
      >
        <p>Drop video files here, or</p>
        <label class="vh-button vh-button-primary vh-file-label">
          Choose files
          <input
            id="vh-upload-input"
            class="vh-visually-hidden"
            type="file"
            multiple
            accept={pickerTypes}
            onChange={(e) => { add(e.currentTarget.files); e.currentTarget.value = ''; }}
          />
        </label>
        <p class="vh-hint">Any video file: MP4, MOV, WebM, MKV, AVI, MPEG-TS, 3GP, Ogg and more. An interrupted upload resumes where it stopped: after a reload, add the same file again.</p>
      </div>
      <Problem message={problem} />
      {waiting.length > 0 && (
        <p class="vh-note" data-unfinished>
          Unfinished from an earlier visit: {waiting.join(', ')}. Add {waiting.length === 1 ? 'it' : 'them'} again to resume.
        </p>
      )}
      {files.length + refused.length > 0 && (
        <ul class="vh-uploads" aria-label="Uploads">
          {refused.map((r) => (
            <RefusedRow key={`refused-${r.name}`} refused={r} onRemove={() => setRefused((all) => all.filter((other) => other !== r))} />
          ))}
          {files.map((file) => <UploadRow key={file.id} file={file} />)}
        </ul>
      )}
      <FromURL />
    </section>
  );
}

/** FromURL makes a video whose source Vidhost downloads (docs/videos.md, Input). */
function FromURL() {
  const { busy, problem: error, setProblem: setError, run } = useAction();
  const [made, setMade] = useState<Video | null>(null);
  const submit = (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const input = text(data, 'url');
    const name = text(data, 'name') || decodeURIComponent(input.split('/').pop() ?? '').replace(/\.[^.]+$/, '').slice(0, 100) || 'video';
    run(async () => {
      try {
        setMade(await post<Video>('/v2/videos', { name, input }));
        setError('');
        form.reset();
      } catch (error) {
        setMade(null);
        throw error;
      }
    });
  };
  return (
    <form class="vh-form" onSubmit={submit} aria-labelledby="vh-from-url-title">
      <h2 id="vh-from-url-title">Or from a URL</h2>
      <p class="vh-field">
        <label for="vh-from-url">Address of the video file (http or https)</label>
        <input id="vh-from-url" name="url" type="url" required maxLength={2048} aria-describedby="vh-from-url-error" />
      </p>
      <p class="vh-field">
        <label for="vh-from-url-name">Name (optional: the file's name)</label>
        <input id="vh-from-url-name" name="name" maxLength={100} />
      </p>
      <p class="vh-field-error" id="vh-from-url-error" role="alert">{error}</p>
      <p class="vh-actions">
        {made && <a href={`/videos/${made.id}`} data-video-id={made.id}>Open “{made.name}”</a>}
        <button type="submit" class="vh-button vh-button-primary" disabled={busy}>Make the video</button>
      </p>
    </form>
  );
}

/** RefusedRow is a file that was not sent: its name and one sentence. */
function RefusedRow({ refused, onRemove }: { refused: Refused; onRemove: () => void }) {
  return (
    <li class="vh-upload" data-file={refused.name} data-state="refused">
      <span class="vh-upload-name">{refused.name}</span>
      <span class="vh-upload-size">{bytes(0)}</span>
      <span class="vh-upload-actions">
        <button type="button" class="vh-button vh-button-small" onClick={onRemove}>
          Remove<span class="vh-visually-hidden"> {refused.name}</span>
        </button>
      </span>
      <Problem message={refused.reason} />
    </li>
  );
}

function UploadRow({ file }: { file: UploadFile }) {
  const uppy = uploader();
  const percent = Math.floor(file.progress.percentage ?? 0);
  const done = Boolean(file.progress.uploadComplete);
  const result = outcome(file.id);
  const state = file.error ? 'error' : done ? 'complete' : file.isPaused ? 'paused' : 'uploading';
  const transcoding = result.status === 'preparing' || result.status === 'processing';
  return (
    <li class="vh-upload" data-file={file.name} data-state={state} data-video-id={result.videoID ?? ''} data-video-status={result.status ?? ''}>
      <span class="vh-upload-name">{file.name}</span>
      <span class="vh-upload-size">{bytes(file.size ?? 0)}</span>
      <progress max={100} value={percent} aria-label={`${file.name}: uploaded`}>{percent}%</progress>
      <span class="vh-upload-percent" aria-hidden="true">{percent}%</span>
      <span class="vh-upload-actions">
        {!done && !file.error && (
          <button type="button" class="vh-button vh-button-small" onClick={() => uppy.pauseResume(file.id)}>
            {file.isPaused ? 'Resume' : 'Pause'}<span class="vh-visually-hidden"> {file.name}</span>
          </button>
        )}
        {file.error && !result.final && (
          <button type="button" class="vh-button vh-button-small" onClick={() => void uppy.retryUpload(file.id)}>
            Retry<span class="vh-visually-hidden"> {file.name}</span>
          </button>
        )}
        {result.final && (
          <button type="button" class="vh-button vh-button-small" onClick={() => uppy.removeFile(file.id)}>
            Remove<span class="vh-visually-hidden"> {file.name}</span>
          </button>
        )}
        {result.videoID && (
          <span class="vh-upload-video">
            {result.status && <StatusBadge status={result.status} progress={result.progress ?? 0} />}
            <a href={`/videos/${result.videoID}`}>Open video<span class="vh-visually-hidden"> {file.name}</span></a>
          </span>
        )}
      </span>
      {transcoding && <span class="vh-upload-status">Transcoding: {result.progress ?? 0}%</span>}
      {result.status === 'ready' && <span class="vh-upload-status">Ready to play</span>}
      <Problem message={result.problem ?? (file.error ? 'The upload failed. Retry to send the rest.' : '')} />
    </li>
  );
}
