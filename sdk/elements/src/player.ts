// <vidhost-player video-id="…" jwt="…" origin="https://videos.example.com">:
// the embed (/embed/<id>) in an iframe, its postMessage API (docs/embed.md)
// as methods, properties and DOM events, sized to the video's aspect ratio.
// The ratio comes from the aspect-ratio attribute ("9:16", as the API's
// aspect_ratio) or else the oEmbed answer's width and height; 16:9 until known.
import { VidhostPlayer, type EventMessage, type EventName, type PlayerState } from '../../../gateway/web/embed-api/api';

const events: EventName[] = ['ready', 'play', 'pause', 'seeked', 'timeupdate', 'ended', 'error'];

/** VidhostPlayerElement is <vidhost-player>. */
export class VidhostPlayerElement extends HTMLElement {
  static observedAttributes = ['video-id', 'jwt', 'origin', 'aspect-ratio'];
  private frame = document.createElement('iframe');
  private player?: VidhostPlayer;
  private last?: PlayerState;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = ':host{display:block;aspect-ratio:16/9;max-width:100%}iframe{width:100%;height:100%;border:0;display:block}';
    this.frame.allow = 'autoplay; fullscreen; picture-in-picture';
    this.frame.allowFullscreen = true;
    root.append(style, this.frame);
  }

  connectedCallback(): void { this.load(); }
  disconnectedCallback(): void { this.player?.destroy(); this.player = undefined; }
  attributeChangedCallback(): void { if (this.isConnected) this.load(); }

  /** The player's last reported state (current_time, duration, paused, ended, muted). */
  get state(): PlayerState | undefined { return this.last; }
  get currentTime(): number { return this.last?.current_time ?? 0; }
  set currentTime(seconds: number) { this.player?.seek(seconds); }
  get paused(): boolean { return this.last?.paused ?? true; }
  get muted(): boolean { return this.last?.muted ?? false; }
  set muted(value: boolean) { if (value) this.player?.mute(); else this.player?.unmute(); }
  get duration(): number { return this.last?.duration ?? 0; }

  play(): void { this.player?.play(); }
  pause(): void { this.player?.pause(); }
  seek(seconds: number): void { this.player?.seek(seconds); }
  /** ready resolves with the first state the player reports. */
  ready(): Promise<PlayerState> { return this.player?.ready() ?? Promise.reject(new Error('vidhost-player: no video-id')); }

  private origin(): string {
    return (this.getAttribute('origin') ?? location.origin).replace(/\/+$/, '');
  }

  private load(): void {
    const id = this.getAttribute('video-id');
    if (!id) return;
    const src = new URL(`${this.origin()}/embed/${encodeURIComponent(id)}`);
    const jwt = this.getAttribute('jwt');
    if (jwt) src.searchParams.set('jwt', jwt);
    if (this.frame.src === src.href) return;
    this.player?.destroy();
    this.frame.title = this.getAttribute('title') ?? 'Video player';
    this.frame.src = src.href;
    this.player = new VidhostPlayer(this.frame);
    for (const name of events) this.player.on(name, (message: EventMessage) => this.relay(name, message));
    void this.size(id);
  }

  private relay(name: EventName, message: EventMessage): void {
    const { type: _type, v: _v, event: _event, ...state } = message;
    this.last = state;
    this.dispatchEvent(new CustomEvent(name, { detail: state }));
  }

  /** size sets the host's CSS aspect-ratio from the attribute or the oEmbed answer. */
  private async size(id: string): Promise<void> {
    const given = this.getAttribute('aspect-ratio');
    if (given) return this.setRatio(given.replace(':', ' / '));
    try {
      const embed = `${this.origin()}/embed/${encodeURIComponent(id)}`;
      const response = await fetch(`${this.origin()}/oembed?format=json&url=${encodeURIComponent(embed)}`);
      if (!response.ok) return;
      const { width, height } = (await response.json()) as { width?: number; height?: number };
      if (width && height) this.setRatio(`${width} / ${height}`);
    } catch {
      // a private video or a server without CORS on oEmbed: keep 16 / 9
    }
  }

  private setRatio(ratio: string): void {
    this.style.aspectRatio = ratio;
  }
}
