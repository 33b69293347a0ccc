// The viewing experience of one page load (docs/analytics.md, "Viewer
// experience"): time to first frame from the viewer's intent, rebuffering
// stalls apart from the waits a seek causes, watched time, the rendition
// heights played and the switches between them, and playback errors with
// their class. analytics.ts sends what this measures; nothing here is shown
// to the viewer.
import videojs from 'video.js';
import { videoElement, type Player } from './vjs';

export type ErrorClass = 'network' | 'decode' | 'manifest' | 'drm';

export interface RenditionFigure { height: number; watched_ms: number; stalls: number; stall_ms: number }

// Heartbeat is what changed since the previous one.
export interface Heartbeat {
  watched_ms: number; stalls: number; stall_ms: number; seek_wait_ms: number; switches: number;
  renditions: RenditionFigure[];
}

// The states time is spent in: watching is playing or stalled (rebuffering);
// seeking counts apart; paused, idle and ended count nowhere.
type State = 'idle' | 'playing' | 'stalled' | 'seeking' | 'paused';

export class ExperienceMeter {
  private intentAt = -1;
  private firstFrameAt = -1;
  private state: State = 'idle';
  private since = 0;
  private height = 0;
  private beat = ExperienceMeter.emptyBeat();
  private perHeight = new Map<number, RenditionFigure>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  private static emptyBeat(): Heartbeat {
    return { watched_ms: 0, stalls: 0, stall_ms: 0, seek_wait_ms: 0, switches: 0, renditions: [] };
  }

  // intent is the viewer asking for playback (play pressed, or autoplay
  // starting); only the first one starts the startup clock.
  intent(): void {
    if (this.intentAt < 0) this.intentAt = this.now();
    if (this.state === 'paused' || this.state === 'idle') this.enter(this.firstFrameAt < 0 ? 'idle' : 'playing');
  }

  // playing is a frame shown after a start, a stall or a seek; the first
  // one returns the startup time in milliseconds.
  playing(): number | undefined {
    this.enter('playing');
    if (this.firstFrameAt >= 0) return undefined;
    this.firstFrameAt = this.now();
    return this.intentAt >= 0 ? Math.round(this.firstFrameAt - this.intentAt) : undefined;
  }

  // waiting is the media running dry: a stall, unless a seek or the start
  // caused it (those are counted apart, or as startup).
  waiting(): void {
    if (this.state !== 'playing') return;
    this.enter('stalled');
    this.beat.stalls++;
    this.rendition().stalls++;
  }

  seeking(): void { if (this.firstFrameAt >= 0) this.enter('seeking'); }
  paused(): void { this.enter('paused'); }
  stopped(): void { this.enter('idle'); }
  started(): boolean { return this.firstFrameAt >= 0; }

  // renditionHeight records the height now decoded; a change after the
  // first is a switch.
  renditionHeight(height: number): void {
    if (!height || height === this.height) return;
    this.enter(this.state); // what was watched so far belongs to the old height
    if (this.height) this.beat.switches++;
    this.height = height;
  }

  // heartbeat closes the current span and returns the figures since the
  // previous heartbeat, or undefined when nothing happened.
  heartbeat(): Heartbeat | undefined {
    this.enter(this.state);
    const beat = this.beat;
    beat.renditions = [...this.perHeight.values()].filter((r) => r.watched_ms > 0 || r.stalls > 0);
    this.beat = ExperienceMeter.emptyBeat();
    this.perHeight.clear();
    if (!beat.watched_ms && !beat.stalls && !beat.seek_wait_ms && !beat.switches) return undefined;
    for (const key of ['watched_ms', 'stall_ms', 'seek_wait_ms'] as const) beat[key] = Math.round(beat[key]);
    for (const r of beat.renditions) { r.watched_ms = Math.round(r.watched_ms); r.stall_ms = Math.round(r.stall_ms); }
    return beat;
  }

  private rendition(): RenditionFigure {
    let figure = this.perHeight.get(this.height);
    if (!figure) {
      figure = { height: this.height, watched_ms: 0, stalls: 0, stall_ms: 0 };
      if (this.height) this.perHeight.set(this.height, figure);
    }
    return figure;
  }

  // enter accounts the time spent in the current state, then moves to next.
  private enter(next: State): void {
    const at = this.now();
    const spent = Math.max(0, at - this.since);
    const rendition = this.rendition();
    if (this.state === 'playing' || this.state === 'stalled') {
      this.beat.watched_ms += spent;
      rendition.watched_ms += spent;
    }
    if (this.state === 'stalled') {
      this.beat.stall_ms += spent;
      rendition.stall_ms += spent;
    }
    if (this.state === 'seeking') this.beat.seek_wait_ms += spent;
    this.state = next;
    this.since = at;
  }
}

interface PlayerError { code?: number; message?: string; status?: number; metadata?: { requestType?: string; errorType?: string; status?: number } }

// errorClass sorts a playback error: a refused media token or DRM (HTTP 401
// or 403, MEDIA_ERR_ENCRYPTED), a manifest that could not be loaded or
// parsed, a decode failure, or else the network.
export function errorClass(error: PlayerError | null): ErrorClass {
  const meta = error?.metadata ?? {};
  const status = meta.status ?? error?.status ?? 0;
  if (error?.code === 5 || status === 401 || status === 403) return 'drm';
  const about = `${meta.requestType ?? ''} ${meta.errorType ?? ''} ${error?.message ?? ''}`;
  if (/playlist|manifest/i.test(about) || error?.code === 4) return 'manifest';
  if (error?.code === 3) return 'decode';
  return 'network';
}

// An error as it is handed to Video.js's player.error(): a MediaError or
// what one is made from.
type ErrorValue = PlayerError | string | number | null;

function asPlayerError(error: ErrorValue): PlayerError | null {
  if (typeof error === 'number') return { code: error };
  if (typeof error === 'string') return { message: error };
  return error;
}

// watchExperience wires meter to the player's events (the first frame is
// analytics.ts's: it sends the play beacon then); onError gets each error.
export function watchExperience(player: Player, meter: ExperienceMeter,
  onError: (cls: ErrorClass, fatal: boolean, beforePlay: boolean) => void): void {
  player.on('play', () => meter.intent());
  player.on('waiting', () => meter.waiting());
  player.on('seeking', () => meter.seeking());
  player.on('pause', () => { if (!player.seeking()) meter.paused(); });
  player.on('ended', () => meter.stopped());
  // Errors are read as they are set (the beforeerror hook) and judged once
  // the dispatch of "error" is over: before the first frame Video.js answers
  // an error by trying the page's next source (player.ts: HLS, DASH, then the
  // MP4), clearing the error within that dispatch, for the first source's
  // ahead of any listener of ours. An error so cleared is not fatal: the
  // next source may play, and if it fails too its error comes in turn.
  const onErrorSet = (target: unknown, error: ErrorValue): ErrorValue => {
    if (target !== player || error === null) return error;
    queueMicrotask(() => {
      const fatal = player.error() !== null;
      if (fatal) meter.stopped();
      onError(errorClass(asPlayerError(error)), fatal, fatal && !meter.started());
    });
    return error;
  };
  videojs.hook('beforeerror', onErrorSet);
  player.on('dispose', () => videojs.removeHook('beforeerror', onErrorSet));
  player.ready(() => {
    // Video.js's HLS engine retries a playlist that failed and goes on: an
    // error playback recovered from. The engine tells the tech, not the player.
    player.tech({ IWillNotUseThisInPlugins: true }).on('retryplaylist', () => onError('network', false, false));
    const video = videoElement(player);
    const onResize = () => meter.renditionHeight(video.videoHeight);
    video.addEventListener('resize', onResize);
    video.addEventListener('loadedmetadata', onResize);
  });
}
