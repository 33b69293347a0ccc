// The uploader: one Uppy for the whole page life (uploads go on while the
// person looks at other pages), sending files to the tus endpoint with the
// session cookie and CSRF token (docs/uploads.md), then making a video of
// each finished upload with POST /v2/videos.
//
// Resume: tus-js-client remembers each upload's URL in localStorage under a
// fingerprint of the file (name, type, size, modification time), so after a
// network drop Uppy retries from the server's offset, and after a reload the
// same file added again continues where it stopped.
//
// What a file is, the server decides: the transcode worker reads its content
// (docs/uploads.md), so no extension is refused here. A refusal or a failed
// transcode is shown as the one sentence the API gave, never tus-js-client's
// report of the request.
import Uppy, { type UppyFile } from '@uppy/core';
import Tus, { type TusBody } from '@uppy/tus';
import { APIError, csrfHeader, get, post, refusal, type APIProblem } from './api';
import { sentence } from './format';
import type { Video, VideoStatus } from './types';

type Meta = { name: string; type?: string };
type Body = TusBody;
export type UploadFile = UppyFile<Meta, Body>;

/**
 * pickerTypes is the file picker's filter: a hint that shows video files
 * first, not a rule (dropped files are not filtered, and the picker offers
 * every file too). The extensions are those the system may not call video/*.
 */
export const pickerTypes = ['video/*', '.mp4', '.mov', '.m4v', '.webm', '.mkv', '.avi', '.wmv', '.flv', '.ts', '.mts', '.m2ts', '.mpg', '.mpeg', '.3gp', '.ogv'].join(',');

/** pollInterval is how often a video made here is read again until it settles. */
const pollInterval = 3000;

/** uploadIDs maps a tus upload URL to its upload's id, across reloads. */
const uploadIDsKey = 'vidhost-dashboard-upload-ids';

function uploadIDs(): Record<string, string> {
  try {
    return JSON.parse(localStorage.getItem(uploadIDsKey) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

function rememberUploadID(url: string, id: string): void {
  const ids = uploadIDs();
  ids[url] = id;
  localStorage.setItem(uploadIDsKey, JSON.stringify(ids));
}

function forgetUploadID(url: string): void {
  const ids = uploadIDs();
  delete ids[url];
  localStorage.setItem(uploadIDsKey, JSON.stringify(ids));
}

/** Outcome is what happened besides the bytes: a refusal, or the video made of them. */
export interface Outcome {
  videoID?: string;
  /** The video's status and progress, read again until it is ready or failed. */
  status?: VideoStatus;
  progress?: number;
  /** One sentence for the person. */
  problem?: string;
  /** final: the problem is the file's, so sending it again cannot help (no Retry). */
  final?: boolean;
}

const outcomes = new Map<string, Outcome>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

let instance: Uppy<Meta, Body> | null = null;

/** uploader is the page's Uppy, made on first use. */
export function uploader(): Uppy<Meta, Body> {
  if (instance) return instance;
  const endpoint = new URL('/v2/uploads/tus/', location.href).href;
  const uppy = new Uppy<Meta, Body>({
    autoProceed: true,
  });
  uppy.use(Tus, {
    endpoint,
    headers: () => csrfHeader(),
    limit: 3,
    retryDelays: [0, 1000, 3000, 10000],
    removeFingerprintOnSuccess: true,
    // The creation's answer names the Upload; keep it by URL, since a
    // resumed upload never sees its creation again.
    onAfterResponse(req, res) {
      const id = res.getHeader('Vidhost-Upload-Id');
      const where = res.getHeader('Location');
      if (req.getMethod() === 'POST' && id && where) rememberUploadID(new URL(where, endpoint).href, id);
    },
  });
  uppy.on('upload-success', (file, response) => {
    if (file) void makeVideo(file, response.uploadURL ?? '');
  });
  uppy.on('upload-error', (file, _error, response) => {
    if (!file) return;
    outcomes.set(file.id, uploadProblem(response?.status ?? 0, response?.body?.xhr?.responseText ?? ''));
    changed();
  });
  uppy.on('upload-retry', (file) => {
    outcomes.delete(file.id);
    changed();
  });
  uppy.on('state-update', changed);
  instance = uppy;
  return uppy;
}

async function makeVideo(file: UploadFile, uploadURL: string): Promise<void> {
  const where = new URL(uploadURL, location.href).href;
  const id = uploadIDs()[where];
  if (!id) {
    outcomes.set(file.id, { problem: 'The upload finished but its id is unknown: upload the file again.' });
    changed();
    return;
  }
  try {
    const name = (file.name ?? 'video').replace(/\.[^.]+$/, '').slice(0, 100) || 'video';
    const video = await post<Video>('/v2/videos', { name, input: `svc://uploads/${id}` });
    outcomes.set(file.id, { videoID: video.id, status: video.status, progress: video.progress });
    forgetUploadID(where);
    changed();
    void follow(file.id, video.id);
  } catch (error) {
    outcomes.set(file.id, { problem: sentence(error instanceof APIError ? error.message : String(error)), final: true });
    changed();
  }
}

/**
 * follow reads the video made of an upload until it is ready or failed, so
 * the upload screen says how it ended (a failure in the worker's words:
 * "The file is not a video we can read."). It stops when the row is removed.
 */
async function follow(fileID: string, videoID: string): Promise<void> {
  let wait = pollInterval;
  while (instance?.getFile(fileID)) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      const video = await get<Video>(`/v2/videos/${videoID}`);
      const problem = video.status === 'error' ? sentence(video.status_reason || 'the video could not be transcoded') : undefined;
      outcomes.set(fileID, { videoID, status: video.status, progress: video.progress, problem, final: Boolean(problem) });
      changed();
      if (video.status === 'ready' || video.status === 'error') return;
      wait = pollInterval;
    } catch (error) {
      if (error instanceof APIError && error.status === 404) return; // deleted meanwhile
      wait = 2 * pollInterval; // the network or the server: try again, less often
    }
  }
}

/**
 * uploadProblem is the sentence for a failed transfer: the API's message
 * when the server refused the file (a 4xx other than "try again later"),
 * which Retry cannot change; otherwise the connection or the server, which
 * Retry can.
 */
export function uploadProblem(status: number, body: string): Outcome {
  if (status === 0) return { problem: 'The connection to the server was lost. Retry to send the rest.' };
  let errors: APIProblem[] | undefined;
  try {
    errors = (JSON.parse(body) as { errors?: APIProblem[] }).errors;
  } catch {
    errors = undefined; // not an envelope: a proxy's page, say
  }
  const retryable = status >= 500 || status === 409 || status === 423 || status === 429;
  if (retryable) return { problem: `The server could not take the file just now (${status}). Retry to send the rest.` };
  return { problem: sentence(refusal(status, errors).message), final: true };
}

export function outcome(fileID: string): Outcome {
  return outcomes.get(fileID) ?? {};
}

/** onChange calls listener on every change of an upload; returns the unsubscribe. */
export function onChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** unfinishedUploads are the files tus-js-client remembers from earlier visits. */
export function unfinishedUploads(): string[] {
  const names: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i) ?? '';
    if (!key.startsWith('tus::')) continue;
    try {
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as { metadata?: Record<string, string> };
      const name = stored.metadata?.name ?? stored.metadata?.filename;
      if (name) names.push(name);
    } catch {
      // not ours to read
    }
  }
  return [...new Set(names)];
}
