// Thumbnail: the video's poster, replaced by an image from the computer or
// by the frame the player shows now. Either is made a JPEG under 100 KB in
// the browser (the API's limit), uploaded, then named in
// POST /v2/videos/{id}/thumbnail (docs/videos.md#thumbnail).
import { useState } from 'preact/hooks';
import { post } from '../../api';
import { Field, Problem } from '../../components';
import { useAction } from '../../resource';
import { playerTime, playerVideo, thumbnailMaxBytes, toJPEG } from './player';
import { Section } from './section';
import type { SectionProps } from './types';
import { uploadFile } from './upload';

export function Thumbnail({ video, onChanged }: SectionProps) {
  const action = useAction();
  const { problem, busy } = action;
  const [done, setDone] = useState('');
  const send = async (jpeg: Blob, what: string) => {
    const reference = await uploadFile(jpeg, 'thumbnail.jpg');
    await post(`/v2/videos/${video.id}/thumbnail`, { url: reference });
    await onChanged();
    setDone(`The thumbnail is now ${what}.`);
  };
  const run = (work: () => Promise<void>) => {
    action.setProblem('');
    setDone('');
    action.run(work);
  };
  const fromFile = (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    run(async () => {
      // A small JPEG goes as it is; anything else is drawn and encoded again.
      const jpeg = file.type === 'image/jpeg' && file.size <= thumbnailMaxBytes ? file : await encode(file);
      await send(jpeg, `the image ${file.name}`);
      input.value = '';
    });
  };
  const fromPlayer = () =>
    run(async () => {
      const frame = playerVideo();
      if (!frame || !frame.videoWidth) throw new Error('Start the player first: its frame is picked at the current time.');
      let jpeg: Blob;
      try {
        jpeg = await toJPEG(frame, frame.videoWidth, frame.videoHeight);
      } catch (error) {
        if (error instanceof DOMException && error.name === 'SecurityError') {
          throw new Error('The media is served from another origin without CORS, so the browser cannot read its frames: upload an image instead.', { cause: error });
        }
        throw error;
      }
      await send(jpeg, `the frame at ${playerTime()} s`);
    });
  return (
    <Section id="thumbnail" title="Thumbnail">
      <div class="vh-thumbnail-edit">
        {video.thumbnail ? <img src={video.thumbnail} alt="The current thumbnail" id="vh-thumbnail-image" /> : <p class="vh-empty">No thumbnail yet: the transcoder picks one, or choose one here.</p>}
        <div>
          <Field id="vh-thumbnail-file" label="Upload an image (made a JPEG under 100 KB)">
            {(aria) => <input {...aria} type="file" accept="image/*" onChange={fromFile} disabled={busy} />}
          </Field>
          <p>
            <button type="button" class="vh-button" id="vh-thumbnail-frame" onClick={fromPlayer} disabled={busy || video.status !== 'ready'}>
              Use the player's current frame
            </button>
          </p>
          <Problem message={problem} />
          <p role="status">{busy ? 'Sending…' : done}</p>
        </div>
      </div>
    </Section>
  );
}

async function encode(file: File): Promise<Blob> {
  let image: ImageBitmap;
  try {
    image = await createImageBitmap(file);
  } catch {
    throw new Error(`${file.name} is not an image this browser can read.`);
  }
  try {
    return await toJPEG(image, image.width, image.height);
  } finally {
    image.close();
  }
}
