// tus 1.0 uploads to /v2/uploads/tus/ (docs/uploads.md), as the Go SDK's
// tus.go: create, PATCH in chunks, and after a failure HEAD to learn the
// server's offset and go on from there. Our own ~150 lines rather than
// tus-js-client: the protocol subset Vidhost speaks is small, fetch and Blob
// are the same in browsers and Node (so one code path, no Node shims), and the
// client's credentials, retry policy and error envelope apply unchanged.
import type { Client } from './client.js';
import { VidhostError } from './errors.js';
import { retryable, retryDelay, sleep } from './retry.js';

const tusVersion = '1.0.0';

/** ResumeStore remembers upload URLs across page loads (localStorage fits). */
export interface ResumeStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** TusUpload names an upload in progress, so that a later run can resume it. */
export interface TusUpload {
  /** The upload's tus URL (the creation's Location). */
  url: string;
  /** The Upload's id; a video's input is `svc://uploads/<id>`. */
  id: string;
}

/** UploadOptions says what to send and whom to tell. */
export interface UploadOptions {
  /** The file name; by default the File's name. The server reads the content, not the extension. */
  name?: string;
  /** Called as bytes are acknowledged: sent and the total. After a resume it starts where the server is. */
  onProgress?: (sent: number, total: number) => void;
  /** Called once a new upload exists, before any byte is sent. */
  onCreate?: (upload: TusUpload) => void;
  /** Bytes per PATCH (default 8 MiB): the unit of progress and of what a failure costs. */
  chunkSize?: number;
  /** Where upload URLs are remembered by file (name, size, modification time): localStorage in a browser, memory otherwise; null: nowhere. */
  store?: ResumeStore | null;
  /** Resume this upload instead of looking one up in the store. */
  resume?: TusUpload;
  signal?: AbortSignal;
}

/** UploadResult is a finished upload. */
export interface UploadResult extends TusUpload {
  /** Whether bytes sent by an earlier attempt were kept. */
  resumed: boolean;
  /** The input naming it for POST /v2/videos. */
  input: string;
}

const memory = new Map<string, string>();
const memoryStore: ResumeStore = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};

function defaultStore(): ResumeStore {
  try {
    return globalThis.localStorage ?? memoryStore;
  } catch {
    return memoryStore; // a sandboxed iframe may forbid localStorage
  }
}

function fingerprint(file: Blob, name: string): string {
  const modified = 'lastModified' in file ? String((file as File).lastModified) : '';
  return `vidhost-tus:${name}:${file.size}:${file.type}:${modified}`;
}

function base64(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

/** upload sends file with tus and resolves once the server stored all of it. */
export async function upload(client: Client, file: Blob, options: UploadOptions = {}): Promise<UploadResult> {
  const name = options.name ?? ('name' in file ? (file as File).name : '');
  if (!name) throw new Error('vidhost: an upload needs a name (pass options.name for a Blob)');
  if (file.size === 0) throw new Error('vidhost: the file is empty');
  const store = options.store === undefined ? defaultStore() : options.store;
  const key = fingerprint(file, name);
  const report = (sent: number) => options.onProgress?.(sent, file.size);

  let upload = options.resume ?? (JSON.parse(store?.getItem(key) ?? 'null') as TusUpload | null);
  let offset = upload ? await head(client, upload.url, file.size, options.signal) : -1;
  const resumed = offset > 0;
  if (!upload || offset < 0) {
    upload = await create(client, name, file, options.signal);
    offset = 0;
    store?.setItem(key, JSON.stringify(upload));
    options.onCreate?.(upload);
  }
  report(offset);
  await sendFrom(client, upload.url, file, offset, options.chunkSize ?? 8 << 20, report, options.signal);
  store?.removeItem(key);
  return { ...upload, resumed, input: 'svc://uploads/' + upload.id };
}

async function create(client: Client, name: string, file: Blob, signal?: AbortSignal): Promise<TusUpload> {
  let metadata = 'filename ' + base64(name);
  if (file.type) metadata += ',filetype ' + base64(file.type);
  const headers = new Headers({ 'Tus-Resumable': tusVersion, 'Upload-Length': String(file.size), 'Upload-Metadata': metadata });
  const response = await client.send('POST', client.url('/v2/uploads/tus/'), { headers, signal });
  if (response.status !== 201) await client.unwrap(response); // throws the refusal
  const location = response.headers.get('Location');
  if (!location) throw new VidhostError(response.status, 'internal', 'The tus creation answered no Location (is it exposed to this origin?).');
  return { url: new URL(location, client.baseURL || globalThis.location?.href).href, id: response.headers.get('Vidhost-Upload-Id') ?? '' };
}

/** head is the server's offset for url, or -1 when it forgot the upload (expired, deleted, another file). */
async function head(client: Client, url: string, size: number, signal?: AbortSignal): Promise<number> {
  const response = await client.send('HEAD', url, { headers: new Headers({ 'Tus-Resumable': tusVersion }), signal });
  if ([403, 404, 410].includes(response.status)) return -1;
  if (!response.ok) throw new VidhostError(response.status, 'internal', `HEAD of the upload answered ${response.status}.`);
  const length = response.headers.get('Upload-Length');
  if (length && Number(length) !== size) return -1;
  return Number(response.headers.get('Upload-Offset') ?? '0');
}

/** resumable: the server failed or shed load, the offset moved (409), or a dropped request still holds the lock (423). */
function resumable(status: number): boolean {
  return status === 0 || retryable(status) || status === 409 || status === 423;
}

async function sendFrom(client: Client, url: string, file: Blob, offset: number, chunkSize: number, report: (sent: number) => void, signal?: AbortSignal): Promise<void> {
  let failures = 0;
  while (offset < file.size) {
    try {
      offset = await patch(client, url, file, offset, chunkSize, signal);
      failures = 0;
      report(offset);
    } catch (error) {
      const status = error instanceof VidhostError ? error.status : 0;
      if (signal?.aborted || !resumable(status) || ++failures >= Math.max(client.retry.maxAttempts, 1)) throw error;
      await sleep(retryDelay(client.retry, failures), signal);
      offset = await head(client, url, file.size, signal);
      if (offset < 0) throw new VidhostError(410, 'upload_expired', 'The upload is gone from the server: start it again.');
      report(offset);
    }
  }
}

async function patch(client: Client, url: string, file: Blob, offset: number, chunkSize: number, signal?: AbortSignal): Promise<number> {
  const headers = new Headers({ 'Tus-Resumable': tusVersion, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' });
  let response: Response;
  try {
    // No retry inside send: after a failed PATCH the offset must be asked for first.
    response = await client.sendOnce('PATCH', url, { headers, body: file.slice(offset, offset + chunkSize), signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new VidhostError(0, 'network', 'The server could not be reached: check the connection and try again.');
  }
  if (response.status !== 204 && response.status !== 200) await client.unwrap(response);
  return Number(response.headers.get('Upload-Offset'));
}
