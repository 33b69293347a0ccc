// The uploader: one Uppy for the whole page life (uploads go on while the
// person looks at other pages), sending files to the tus endpoint with the
// session cookie and CSRF token (docs/uploads.md), then making a video of
// each finished upload with POST /v2/videos.
//
// Resume: tus-js-client remembers each upload's URL in localStorage under a
// fingerprint of the file (name, type, size, modification time), so after a
// network drop Uppy retries from the server's offset, and after a reload the
// same file added again continues where it stopped.
import Uppy, { type UppyFile } from '@uppy/core';
import Tus from '@uppy/tus';
import { APIError, csrfHeader, post } from './api';
import type { Video } from './types';

type Meta = { name: string; type?: string };
type Body = Record<string, never>;
export type UploadFile = UppyFile<Meta, Body>;

/** The extensions a video upload may have (docs/uploads.md). */
export const videoExtensions = ['.mp4', '.mov', '.mpg', '.wmv', '.mkv'];

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

/** Outcome is what happened after the bytes arrived. */
export interface Outcome {
  videoID?: string;
  problem?: string;
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
    restrictions: { allowedFileTypes: videoExtensions },
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
    outcomes.set(file.id, { videoID: video.id });
    forgetUploadID(where);
  } catch (error) {
    outcomes.set(file.id, { problem: error instanceof APIError ? error.message : String(error) });
  }
  changed();
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
