// uploadFile sends one small file (a track, a thumbnail) to the tus
// endpoint with the session, as the uploader does for videos, and answers
// its reference svc://uploads/<id> (docs/uploads.md). Small files need no
// resume: one creation, one PATCH.
import { APIError, csrfHeader } from '../../api';

const endpoint = '/v2/uploads/tus/';

function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** refusal turns a failed answer (the envelope, or none) into an APIError. */
async function refusal(response: Response): Promise<APIError> {
  try {
    const envelope = (await response.json()) as { errors?: { code: string; message: string; field?: string }[] };
    const first = envelope.errors?.[0];
    if (first) return new APIError(response.status, first.code, first.message, envelope.errors);
  } catch {
    // no envelope
  }
  return new APIError(response.status, 'internal', `The upload failed (${response.status}).`);
}

export async function uploadFile(file: Blob, name: string): Promise<string> {
  const tus = { ...csrfHeader(), 'Tus-Resumable': '1.0.0' };
  const created = await fetch(endpoint, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { ...tus, 'Upload-Length': String(file.size), 'Upload-Metadata': `filename ${base64(name)}` },
  });
  if (created.status !== 201) throw await refusal(created);
  const id = created.headers.get('Vidhost-Upload-Id');
  const location = created.headers.get('Location');
  if (!id || !location) throw new APIError(created.status, 'internal', 'The upload was created without an id.');
  const sent = await fetch(new URL(location, window.location.href).href, {
    method: 'PATCH',
    credentials: 'same-origin',
    headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: file,
  });
  if (sent.status !== 204) throw await refusal(sent);
  return `svc://uploads/${id}`;
}
