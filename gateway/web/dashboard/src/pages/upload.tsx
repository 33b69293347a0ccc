// Upload: drop several files (or choose them), each with its progress, a
// pause/resume button and, once its video is made, a link to it and its
// transcode status, read again until it is ready or failed (UploadedVideo). Uploads
// use tus through Uppy (../uploader.ts). Or name a URL for Vidhost to fetch.
import { useEffect, useState } from 'preact/hooks';
import { get, post } from '../api';
import { Problem, StatusBadge } from '../components';
import { bytes } from '../format';
import { text, useAction } from '../resource';
import type { Video } from '../types';
import { onChange, outcome, unfinishedUploads, uploader, videoExtensions, type UploadFile } from '../uploader';

export function UploadPage() {
  const uppy = uploader();
  const [, setVersion] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState('');
  useEffect(() => onChange(() => setVersion((v) => v + 1)), []);
  const files = uppy.getFiles();
  const waiting = unfinishedUploads().filter((name) => !files.some((f) => f.name === name));

  const add = (list: FileList | null) => {
    setProblem('');
    for (const file of Array.from(list ?? [])) {
      try {
        uppy.addFile({ name: file.name, type: file.type, data: file, source: 'dashboard' });
      } catch (error) {
        setProblem(error instanceof Error ? error.message : String(error));
      }
    }
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
            accept={videoExtensions.join(',')}
            onChange={(e) => { add(e.currentTarget.files); e.currentTarget.value = ''; }}
          />
        </label>
        <p class="vh-hint">MP4, MOV, MPG, WMV or MKV. An interrupted upload resumes where it stopped: after a reload, add the same file again.</p>
      </div>
      <Problem message={problem} />
      {waiting.length > 0 && (
        <p class="vh-note" data-unfinished>
          Unfinished from an earlier visit: {waiting.join(', ')}. Add {waiting.length === 1 ? 'it' : 'them'} again to resume.
        </p>
      )}
      {files.length > 0 && (
        <ul class="vh-uploads" aria-label="Uploads">
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

function UploadRow({ file }: { file: UploadFile }) {
  const uppy = uploader();
  const percent = Math.floor(file.progress.percentage ?? 0);
  const done = Boolean(file.progress.uploadComplete);
  const result = outcome(file.id);
  const state = file.error ? 'error' : done ? 'complete' : file.isPaused ? 'paused' : 'uploading';
  return (
    <li class="vh-upload" data-file={file.name} data-state={state} data-video-id={result.videoID ?? ''}>
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
        {file.error && (
          <button type="button" class="vh-button vh-button-small" onClick={() => void uppy.retryUpload(file.id)}>
            Retry<span class="vh-visually-hidden"> {file.name}</span>
          </button>
        )}
        {result.videoID && <UploadedVideo id={result.videoID} name={file.name} />}
      </span>
      <Problem message={file.error ?? result.problem ?? ''} />
    </li>
  );
}

/** pollInterval is how often an uploaded video's status is read while it transcodes. */
const pollInterval = 3000;

/**
 * UploadedVideo is what became of an upload: its video's status (with the
 * transcode's progress, or why it failed), read again every few seconds
 * until it settles, and a link to it. A failed read keeps the link.
 */
function UploadedVideo({ id, name }: { id: string; name: string }) {
  const [video, setVideo] = useState<Video | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer = 0;
    const load = async () => {
      try {
        const next = await get<Video>(`/v2/videos/${id}`);
        if (stopped) return;
        setVideo(next);
        if (next.status === 'preparing' || next.status === 'processing') timer = window.setTimeout(load, pollInterval);
      } catch {
        if (!stopped) timer = window.setTimeout(load, 2 * pollInterval);
      }
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id]);
  return (
    <span class="vh-upload-video">
      {video && <StatusBadge status={video.status} progress={video.progress} />}
      {video?.status === 'error' && video.status_reason && <span class="vh-reason">{video.status_reason}</span>}
      <a href={`/videos/${id}`}>Open video<span class="vh-visually-hidden"> {name}</span></a>
    </span>
  );
}
