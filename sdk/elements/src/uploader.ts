// <vidhost-uploader token="vht_…" origin="https://videos.example.com">: a
// drop zone and file button that uploads one file with tus (resumable: the
// same file chosen again after a reload continues), shows progress, creates
// the video and emits `uploaded` with its id. The token is an upload token
// from POST /v2/tokens, minted by the page's server (docs/tokens.md).
import { Vidhost, VidhostError } from '@vidhost/sdk';

/** VidhostUploaderElement is <vidhost-uploader>. Events: progress {sent,total}, uploaded {videoId}, error {code,message}. */
export class VidhostUploaderElement extends HTMLElement {
  private readonly input = document.createElement('input');
  private readonly zone = document.createElement('label');
  private readonly bar = document.createElement('progress');
  private readonly status = document.createElement('p');

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = ':host{display:block}label{display:block;border:2px dashed #888;border-radius:8px;padding:1.5rem;text-align:center;cursor:pointer}label.over{border-color:#2563eb}progress{width:100%}progress:not([value]){display:none}';
    this.input.type = 'file';
    this.input.accept = 'video/*';
    this.zone.append('Drop a video here or choose a file ', this.input);
    this.status.setAttribute('role', 'status');
    root.append(style, this.zone, this.bar, this.status);
    this.bar.removeAttribute('value');
    this.input.addEventListener('change', () => { if (this.input.files?.[0]) void this.send(this.input.files[0]); });
    this.zone.addEventListener('dragover', (e) => { e.preventDefault(); this.zone.classList.add('over'); });
    this.zone.addEventListener('dragleave', () => this.zone.classList.remove('over'));
    this.zone.addEventListener('drop', (e) => {
      e.preventDefault();
      this.zone.classList.remove('over');
      const file = e.dataTransfer?.files[0];
      if (file) void this.send(file);
    });
  }

  /** upload sends file (as a drop or the picker would) and resolves with the new video's id. */
  async send(file: File): Promise<string | undefined> {
    const token = this.getAttribute('token');
    if (!token) return this.fail('token_missing', 'vidhost-uploader needs an upload token (token attribute).');
    const client = new Vidhost({ baseURL: this.getAttribute('origin') ?? '', apiKey: token });
    this.status.textContent = `Uploading ${file.name}…`;
    try {
      const video = await client.uploadVideo(file, { name: this.getAttribute('video-name') ?? file.name }, {
        chunkSize: Number(this.getAttribute('chunk-size')) || undefined,
        onProgress: (sent, total) => {
          this.bar.max = total;
          this.bar.value = sent;
          this.dispatchEvent(new CustomEvent('progress', { detail: { sent, total } }));
        },
      });
      this.status.textContent = `Uploaded ${file.name}.`;
      this.dispatchEvent(new CustomEvent('uploaded', { detail: { videoId: video.id, video } }));
      return video.id;
    } catch (error) {
      const code = error instanceof VidhostError ? error.code : 'internal';
      return this.fail(code, error instanceof Error ? error.message : String(error));
    }
  }

  private fail(code: string, message: string): undefined {
    this.status.textContent = message;
    this.dispatchEvent(new CustomEvent('error', { detail: { code, message } }));
    return undefined;
  }
}
