// The Vidhost embed API: the postMessage protocol between the player in its
// iframe (/embed/<video_id>) and the page that embeds it, and VidhostPlayer,
// a small helper that speaks it for the page. The player imports the
// protocol from this file too, so both sides read the same definitions.
// Served by the gateway as /embed/api.js (an ES module) and /embed/api.d.ts;
// docs/embed.md describes the protocol for pages that do without the helper.

/** Every message of the protocol has type "vidhost" and the version v. */
export const MESSAGE_TYPE = 'vidhost';
/** The protocol version this file speaks; a message of another version is refused. */
export const PROTOCOL_VERSION = 1;

/** What a page may ask the player to do. */
export type CommandName = 'play' | 'pause' | 'seek' | 'mute' | 'unmute' | 'getState';

/** What the player tells the page. "state" answers getState. */
export type EventName = 'ready' | 'play' | 'pause' | 'seeked' | 'timeupdate' | 'ended' | 'error' | 'state';

/** The player's state, carried by every event. Times are in seconds. */
export interface PlayerState {
  video_id: string;
  current_time: number;
  duration: number;
  paused: boolean;
  ended: boolean;
  muted: boolean;
}

/** A command, sent by the page to the iframe's window. */
export interface CommandMessage {
  type: typeof MESSAGE_TYPE;
  v: typeof PROTOCOL_VERSION;
  command: CommandName;
  /** seek only: the position to go to, in seconds from the start. */
  seconds?: number;
  /** Optional: echoed in the answer ("state", or "error" when the command fails). */
  id?: string;
}

/** Why a command failed or playback stopped, in an "error" event. */
export interface EmbedError {
  /** unsupported_version, unknown_command, invalid_argument, play_refused or media_error. */
  code: string;
  message: string;
}

/** An event, sent by the player to the embedding page. */
export interface EventMessage extends PlayerState {
  type: typeof MESSAGE_TYPE;
  v: typeof PROTOCOL_VERSION;
  event: EventName;
  /** The id of the command this answers, if it had one. */
  id?: string;
  /** Set on "error" events only. */
  error?: EmbedError;
}

/** isProtocolMessage tells messages of this protocol (any version) from the rest of a window's traffic. */
export function isProtocolMessage(data: unknown): data is { type: typeof MESSAGE_TYPE; v: number } {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === MESSAGE_TYPE &&
    typeof (data as { v?: unknown }).v === 'number';
}

type Handler = (message: EventMessage) => void;

/** How long getState waits for the player's answer before it rejects. */
const ANSWER_TIMEOUT_MS = 10_000;

/**
 * VidhostPlayer controls one embedded player. It talks only to the iframe's
 * window and origin (taken from the iframe's src), and ignores messages from
 * anything else.
 *
 *   import { VidhostPlayer } from 'https://videos.example.com/embed/api.js';
 *   const player = new VidhostPlayer(document.querySelector('iframe')!);
 *   await player.ready();
 *   player.on('timeupdate', (e) => console.log(e.current_time));
 *   player.seek(30); player.play();
 */
export class VidhostPlayer {
  /** The player's origin: commands go only there, events are taken only from there. */
  readonly origin: string;
  private readonly handlers = new Map<EventName, Set<Handler>>();
  private readonly answers = new Map<string, (message: EventMessage) => void>();
  private readonly readyState: Promise<PlayerState>;
  private markReady: (state: PlayerState) => void = () => undefined;
  private isReady = false;
  private nextId = 1;
  private readonly listener = (event: MessageEvent) => this.receive(event);
  private readonly probe = () => this.send({ command: 'getState' });

  constructor(readonly iframe: HTMLIFrameElement) {
    this.origin = new URL(iframe.src, window.location.href).origin;
    this.readyState = new Promise((resolve) => { this.markReady = resolve; });
    window.addEventListener('message', this.listener);
    // The player may have said "ready" before this helper listened: a state
    // answer counts as ready too. Ask now and whenever the frame (re)loads.
    iframe.addEventListener('load', this.probe);
    this.probe();
  }

  /** ready resolves with the first state the player reports. */
  ready(): Promise<PlayerState> { return this.readyState; }

  /** play starts playback; a browser may refuse sound without a click ("error" event, code play_refused). */
  play(): void { this.send({ command: 'play' }); }
  pause(): void { this.send({ command: 'pause' }); }
  /** seek moves to seconds from the start; a "seeked" event follows. */
  seek(seconds: number): void { this.send({ command: 'seek', seconds }); }
  mute(): void { this.send({ command: 'mute' }); }
  unmute(): void { this.send({ command: 'unmute' }); }

  /** getState asks the player for its state. */
  getState(): Promise<PlayerState> {
    const id = `s${this.nextId++}`;
    return new Promise((resolve, reject) => {
      const timer = window.setTimeout(() => {
        this.answers.delete(id);
        reject(new Error('vidhost: the player did not answer getState'));
      }, ANSWER_TIMEOUT_MS);
      this.answers.set(id, (message) => {
        window.clearTimeout(timer);
        if (message.event === 'error') reject(new Error(`vidhost: ${message.error?.code}: ${message.error?.message}`));
        else resolve(message);
      });
      this.send({ command: 'getState', id });
    });
  }

  /** on calls handler for each event of that name; it returns a function that stops it. */
  on(event: EventName, handler: Handler): () => void {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    this.handlers.set(event, set);
    set.add(handler);
    return () => { set.delete(handler); };
  }

  /** destroy stops listening; the iframe stays. */
  destroy(): void {
    window.removeEventListener('message', this.listener);
    this.iframe.removeEventListener('load', this.probe);
    this.handlers.clear();
    this.answers.clear();
  }

  private send(command: Omit<CommandMessage, 'type' | 'v'>): void {
    const message: CommandMessage = { type: MESSAGE_TYPE, v: PROTOCOL_VERSION, ...command };
    this.iframe.contentWindow?.postMessage(message, this.origin);
  }

  private receive(event: MessageEvent): void {
    if (event.origin !== this.origin || event.source !== this.iframe.contentWindow) return;
    if (!isProtocolMessage(event.data) || event.data.v !== PROTOCOL_VERSION) return;
    const message = event.data as EventMessage;
    if (!this.isReady && (message.event === 'ready' || message.event === 'state')) {
      this.isReady = true;
      this.markReady(message);
    }
    const answer = message.id ? this.answers.get(message.id) : undefined;
    if (answer && message.id) {
      this.answers.delete(message.id);
      answer(message);
    }
    this.handlers.get(message.event)?.forEach((handler) => handler(message));
  }
}
