// The player's side of the embed API (../../embed-api/api.ts, docs/embed.md):
// a framed player answers commands from the page that embeds it and tells
// that page what happens. Who may talk to it:
// - commands are taken only from the parent window (not from other frames
//   or popups), from any origin for public and unlisted videos, which anyone
//   with the link may watch anyway;
// - a private video's player talks only to the origin that framed it (the
//   site that minted the viewer JWT), found from the browser's
//   ancestorOrigins or else the referrer; when neither says, the API is off.
import {
  type CommandMessage, type EmbedError, type EventMessage, type EventName, isProtocolMessage,
  MESSAGE_TYPE, type PlayerState, PROTOCOL_VERSION,
} from '../../embed-api/api';
import type { Config } from './config';
import type { Player } from './vjs';

// At most one timeupdate event each TIMEUPDATE_EVERY_MS: browsers fire the
// media event up to 60 times a second, which a page never needs.
export const TIMEUPDATE_EVERY_MS = 250;

// parentOrigin is the origin of the page that framed this one, when the
// browser tells.
function parentOrigin(): string {
  const ancestors = window.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0];
  try {
    return document.referrer ? new URL(document.referrer).origin : '';
  } catch {
    return '';
  }
}

// targetOrigin is where events may go and whose commands count: "*" for
// videos anyone may watch, the framing origin for the rest (private, or a
// privacy this bundle does not know), or "" for none.
export function targetOrigin(privacy: string, framing: string): string {
  if (privacy === 'public' || privacy === 'unlisted') return '*';
  return framing && framing !== 'null' ? framing : '';
}

function state(player: Player, config: Config): PlayerState {
  const duration = player.duration();
  return {
    video_id: config.video.id,
    current_time: player.currentTime() || 0,
    duration: Number.isFinite(duration) && duration > 0 ? duration : config.video.duration,
    paused: player.paused(),
    ended: player.ended(),
    muted: player.muted(),
  };
}

export function mountEmbedding(player: Player, config: Config): void {
  if (window.parent === window) return; // not framed: nobody to talk to
  const target = targetOrigin(config.video.privacy, parentOrigin());
  if (!target) return;
  const post = (event: EventName, extra: { id?: string; error?: EmbedError } = {}) => {
    const message: EventMessage = { type: MESSAGE_TYPE, v: PROTOCOL_VERSION, event, ...state(player, config), ...extra };
    window.parent.postMessage(message, target);
  };
  let lastTimeUpdate = 0;
  player.on('timeupdate', () => {
    const now = Date.now();
    if (now - lastTimeUpdate < TIMEUPDATE_EVERY_MS) return;
    lastTimeUpdate = now;
    post('timeupdate');
  });
  for (const name of ['play', 'pause', 'seeked', 'ended'] as const) player.on(name, () => post(name));
  player.on('error', () => post('error', { error: { code: 'media_error', message: player.error()?.message || 'the media could not be played' } }));
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== window.parent || (target !== '*' && event.origin !== target)) return;
    if (!isProtocolMessage(event.data)) return;
    const rawId: unknown = (event.data as { id?: unknown }).id;
    const id = typeof rawId === 'string' ? rawId.slice(0, 100) : undefined;
    if (event.data.v !== PROTOCOL_VERSION) {
      post('error', { id, error: { code: 'unsupported_version', message: `this player speaks version ${PROTOCOL_VERSION}` } });
      return;
    }
    const failure = run(player, event.data as CommandMessage, (error) => post('error', { id, error }));
    if (failure) post('error', { id, error: failure });
    else if ((event.data as CommandMessage).command === 'getState') post('state', { id });
  });
  player.ready(() => post('ready'));
}

// run carries out a command; it returns why it could not, or calls refused
// later when the browser turns playback down.
function run(player: Player, command: CommandMessage, refused: (error: EmbedError) => void): EmbedError | undefined {
  switch (command.command) {
    case 'play':
      player.play()?.catch((err: unknown) => refused({ code: 'play_refused', message: String(err) }));
      return undefined;
    case 'pause': player.pause(); return undefined;
    case 'mute': player.muted(true); return undefined;
    case 'unmute': player.muted(false); return undefined;
    case 'getState': return undefined;
    case 'seek':
      if (typeof command.seconds !== 'number' || !Number.isFinite(command.seconds) || command.seconds < 0) {
        return { code: 'invalid_argument', message: 'seek needs seconds, a number of 0 or more' };
      }
      player.currentTime(command.seconds);
      return undefined;
    default:
      return { code: 'unknown_command', message: `unknown command ${JSON.stringify((command as { command?: unknown }).command)}` };
  }
}
