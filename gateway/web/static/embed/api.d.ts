/** Every message of the protocol has type "vidhost" and the version v. */
export declare const MESSAGE_TYPE = "vidhost";
/** The protocol version this file speaks; a message of another version is refused. */
export declare const PROTOCOL_VERSION = 1;
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
export declare function isProtocolMessage(data: unknown): data is {
    type: typeof MESSAGE_TYPE;
    v: number;
};
type Handler = (message: EventMessage) => void;
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
export declare class VidhostPlayer {
    readonly iframe: HTMLIFrameElement;
    /** The player's origin: commands go only there, events are taken only from there. */
    readonly origin: string;
    private readonly handlers;
    private readonly answers;
    private readonly readyState;
    private markReady;
    private isReady;
    private nextId;
    private readonly listener;
    private readonly probe;
    constructor(iframe: HTMLIFrameElement);
    /** ready resolves with the first state the player reports. */
    ready(): Promise<PlayerState>;
    /** play starts playback; a browser may refuse sound without a click ("error" event, code play_refused). */
    play(): void;
    pause(): void;
    /** seek moves to seconds from the start; a "seeked" event follows. */
    seek(seconds: number): void;
    mute(): void;
    unmute(): void;
    /** getState asks the player for its state. */
    getState(): Promise<PlayerState>;
    /** on calls handler for each event of that name; it returns a function that stops it. */
    on(event: EventName, handler: Handler): () => void;
    /** destroy stops listening; the iframe stays. */
    destroy(): void;
    private send;
    private receive;
}
export {};
