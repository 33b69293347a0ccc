// Players (docs/players.md): the account's players, a form that creates one
// and the page of one that edits or deletes it. Beside each form the player
// shows the settings as they are typed: a ready video's /embed page in a
// same-origin frame with ?preview=<settings> (docs/embed.md#preview), which
// the gateway honours only in such a frame and which never counts a view.
import { useEffect, useState } from 'preact/hooks';
import { all, del, fieldErrors, get, list, patch, post } from '../api';
import { Confirm, Field, Problem } from '../components';
import { date } from '../format';
import { useAction, useResource } from '../resource';
import { canAdminister } from '../roles';
import { navigate } from '../router';
import type { Player, Video } from '../types';
const controlNames = ['play', 'progress', 'current-time', 'duration', 'mute', 'volume', 'captions', 'settings', 'pip', 'airplay', 'chapters', 'fullscreen'];
// The controls in the words the player's own buttons use; the API's names stay in the request.
const controlLabels: Record<string, string> = {
  play: 'Play', progress: 'Seek bar', 'current-time': 'Current time', duration: 'Duration', mute: 'Mute',
  volume: 'Volume', captions: 'Captions', settings: 'Settings', pip: 'Picture in picture', airplay: 'AirPlay',
  chapters: 'Chapters', fullscreen: 'Fullscreen',
};
const switches: [keyof Settings, string][] = [
  ['autoplay', 'Autoplay (browsers allow it muted only)'],
  ['muted', 'Start muted'],
  ['playsinline', 'Play inline on phones'],
  ['preload', 'Preload the video'],
  ['show_name', 'Show the video’s name'],
  ['show_duration', 'Show the duration before play'],
];
const formFields = ['name', 'analytics', 'autoplay', 'muted', 'playsinline', 'preload', 'show_name', 'show_duration', 'controls', 'colour', 'quality', 'track'];

/** Settings are a player's settable fields: the API's audit fields are its own. */
type Settings = Omit<Player, 'id' | 'created_by' | 'created_time' | 'updated_by' | 'updated_time'>;

const defaults: Settings = {
  name: '', analytics: '', autoplay: false, muted: false, playsinline: true, preload: true,
  show_name: false, show_duration: false, controls: [], colour: '', quality: '', track: '',
};

/** settingsOf keeps a player's settable fields (the API adds audit fields the forms and the preview must not send). */
const settingsOf = (p: Partial<Player>): Settings => {
  const out = { ...defaults } as Record<string, unknown>;
  for (const key of Object.keys(defaults)) if (p[key as keyof Player] !== undefined && p[key as keyof Player] !== null) out[key] = p[key as keyof Player];
  return out as unknown as Settings;
};

export function PlayersPage({ role }: { role: string }) {
  const writer = canAdminister(role);
  const { data: players, problem, reload } = useResource(() => all<Player>('/v2/players'), []);
  const [formKey, setFormKey] = useState(0);
  return (
    <section class="vh-page">
      <h1>Players</h1>
      <p>A player is a set of playback settings (controls, colour, autoplay…) an embed applies with <code>?player=&lt;id&gt;</code>.</p>
      {!writer && <p class="vh-note">Only owners and admins change players; your role is {role}.</p>}
      <Problem message={problem} />
      {players && players.length === 0 && <p class="vh-empty">No players yet{writer ? ': create one below, then add its id to your embeds' : ''}. Without one, embeds use the defaults.</p>}
      {players && players.length > 0 && (
        <table class="vh-table">
          <caption class="vh-visually-hidden">Players</caption>
          <thead><tr><th scope="col">Name</th><th scope="col">Id</th><th scope="col">Controls</th><th scope="col">Views reported</th><th scope="col">Created</th></tr></thead>
          <tbody>
            {players.map((p) => (
              <tr key={p.id} data-player-id={p.id}>
                <td data-label="Name"><a href={`/players/${p.id}`}>{p.name}</a></td>
                <td data-label="Id"><code>{p.id}</code></td>
                <td data-label="Controls">{controlsWords(p.controls)}</td>
                <td data-label="Views reported">{p.analytics === 'none' ? 'No' : 'Yes'}</td>
                <td data-label="Created">{date(p.created_time)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {writer && (
        <PlayerForm key={formKey} title="Create a player" action="Create player" onSaved={() => { setFormKey(formKey + 1); void reload(); }} />
      )}
    </section>
  );
}

function controlsWords(controls: string[] | undefined): string {
  if (!controls?.length) return 'Default set';
  if (controls[0] === 'none') return 'None';
  return controls.map((name) => controlLabels[name] ?? name).join(', ');
}

/** PlayerPage edits one player and deletes it. */
export function PlayerPage({ id, role }: { id: string; role: string }) {
  const writer = canAdminister(role);
  const { data: player, setData: setPlayer, problem, setProblem } = useResource(() => get<Player>(`/v2/players/${id}`), [id]);
  const { run } = useAction(setProblem);
  const [deleting, setDeleting] = useState(false);
  const remove = () => {
    setDeleting(false);
    run(async () => {
      await del(`/v2/players/${id}`);
      navigate('/players');
    });
  };
  return (
    <section class="vh-page">
      <p><a href="/players">← Players</a></p>
      <h1>{player ? `Player “${player.name}”` : 'Player'}</h1>
      <Problem message={problem} />
      {player && (
        <>
          <p>Embed with <code>/embed/&lt;video id&gt;?player={player.id}</code>.</p>
          <PlayerForm key={player.id} player={player} readOnly={!writer} title="Settings" action="Save changes" onSaved={setPlayer} />
          {writer && (
            <section class="vh-danger-zone" aria-labelledby="vh-player-danger">
              <h2 id="vh-player-danger">Delete</h2>
              <button type="button" class="vh-button vh-button-danger" onClick={() => setDeleting(true)}>Delete this player</button>
            </section>
          )}
          <Confirm open={deleting} title={`Delete the player “${player.name}”?`} action="Delete player" onConfirm={remove} onCancel={() => setDeleting(false)}>
            <p>Embeds naming it fall back to the default settings.</p>
          </Confirm>
        </>
      )}
    </section>
  );
}

/** changes is what a PATCH must send: the fields that differ from the saved player. */
function changes(saved: Settings, now: Settings): Partial<Settings> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(now) as (keyof Settings)[]) {
    if (JSON.stringify(saved[key]) !== JSON.stringify(now[key])) out[key] = now[key];
  }
  return out;
}

function PlayerForm(props: { player?: Player; readOnly?: boolean; title: string; action: string; onSaved: (p: Player) => void }) {
  const saved = props.player ? settingsOf(props.player) : defaults;
  const [settings, setSettings] = useState<Settings>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const prefix = props.player ? 'vh-player-edit' : 'vh-player';
  const set = (change: Partial<Settings>) => {
    setSettings({ ...settings, ...change });
    setStatus('');
  };
  const noControls = settings.controls[0] === 'none';
  const toggleControl = (name: string, on: boolean) => {
    const current = settings.controls.length && !noControls ? settings.controls : controlNames;
    const next = on ? controlNames.filter((c) => c === name || current.includes(c)) : current.filter((c) => c !== name);
    set({ controls: next.length === controlNames.length ? [] : next.length ? next : ['none'] });
  };
  const submit = async (event: Event) => {
    event.preventDefault();
    const body = props.player ? changes(saved, settings) : { ...settings, name: settings.name.trim() };
    if (props.player && Object.keys(body).length === 0) {
      setStatus('Nothing to save: no field changed.');
      return;
    }
    setBusy(true);
    try {
      const player = props.player ? await patch<Player>(`/v2/players/${props.player.id}`, body) : await post<Player>('/v2/players', body);
      setErrors({});
      setStatus(props.player ? 'Saved.' : `Player “${player.name}” created.`);
      props.onSaved(player);
    } catch (error) {
      setErrors(fieldErrors(error, formFields));
    }
    setBusy(false);
  };
  return (
    <div class="vh-player-editor">
      <form class="vh-form" onSubmit={(event) => void submit(event)} aria-labelledby={`${prefix}-title`}>
        <h2 id={`${prefix}-title`}>{props.title}</h2>
        <fieldset disabled={props.readOnly} class="vh-plain-fieldset">
          <Field id={`${prefix}-name`} label="Name" error={errors.name}>
            {(aria) => <input {...aria} name="name" required maxLength={50} value={settings.name} onInput={(e) => set({ name: e.currentTarget.value })} />}
          </Field>
          <div class="vh-row-form">
            <Field id={`${prefix}-colour`} label="Colour" error={errors.colour} hint="#rrggbb; empty: the default colour">
              {(aria) => <input {...aria} name="colour" maxLength={7} placeholder="#1f5fbf" value={settings.colour} onInput={(e) => set({ colour: e.currentTarget.value.trim() })} />}
            </Field>
            <p class="vh-field">
              <label for={`${prefix}-colour-pick`}>Pick a colour</label>
              <input id={`${prefix}-colour-pick`} type="color" value={/^#[0-9a-f]{6}$/i.test(settings.colour) ? settings.colour.toLowerCase() : '#1f5fbf'} onInput={(e) => set({ colour: e.currentTarget.value })} />
            </p>
          </div>
          <div class="vh-row-form">
            <Field id={`${prefix}-quality`} label="Quality on load" error={errors.quality}>
              {(aria) => (
                <select {...aria} value={settings.quality} onChange={(e) => set({ quality: e.currentTarget.value })}>
                  <option value="">By connection speed</option>
                  <option value="highest">Highest</option>
                  <option value="lowest">Lowest</option>
                </select>
              )}
            </Field>
            <Field id={`${prefix}-track`} label="Caption language on load" error={errors.track} hint="A language tag such as en; empty: none">
              {(aria) => <input {...aria} maxLength={35} value={settings.track} onInput={(e) => set({ track: e.currentTarget.value.trim() })} />}
            </Field>
          </div>
          <fieldset aria-describedby={`${prefix}-switches-error`}>
            <legend>Behaviour</legend>
            {switches.map(([key, words]) => (
              <p class="vh-field vh-check" key={key}>
                <input id={`${prefix}-${key}`} type="checkbox" checked={Boolean(settings[key])} onChange={(e) => set({ [key]: e.currentTarget.checked })} />
                <label for={`${prefix}-${key}`}>{words}</label>
              </p>
            ))}
            <p class="vh-field vh-check">
              <input id={`${prefix}-analytics`} type="checkbox" checked={settings.analytics !== 'none'} onChange={(e) => set({ analytics: e.currentTarget.checked ? '' : 'none' })} />
              <label for={`${prefix}-analytics`}>Report views to Analytics</label>
            </p>
            <span class="vh-field-error" id={`${prefix}-switches-error`} role="alert">
              {switches.map(([key]) => errors[key]).concat(errors.analytics).filter(Boolean).join(' ')}
            </span>
          </fieldset>
          <fieldset aria-describedby={`${prefix}-controls-error`}>
            <legend>Controls</legend>
            <div class="vh-controls-grid">
              {controlNames.map((name) => (
                <p class="vh-field vh-check" key={name}>
                  <input id={`${prefix}-control-${name}`} type="checkbox" checked={!noControls && (!settings.controls.length || settings.controls.includes(name))} onChange={(e) => toggleControl(name, e.currentTarget.checked)} />
                  <label for={`${prefix}-control-${name}`}>{controlLabels[name]}</label>
                </p>
              ))}
            </div>
            <span class="vh-field-error" id={`${prefix}-controls-error`} role="alert">{errors.controls ?? ''}</span>
          </fieldset>
          <p class="vh-field-error" role="alert">{errors[''] ?? ''}</p>
          {!props.readOnly && (
            <p class="vh-actions-start">
              <button type="submit" class="vh-button vh-button-primary" disabled={busy}>{props.action}</button>
              <span role="status">{status}</span>
            </p>
          )}
        </fieldset>
      </form>
      <Preview settings={settings} />
    </div>
  );
}

/**
 * Preview frames the embed of the account's first ready video (the list is oldest first) with the form's
 * settings, reloading it a moment after the typing stops.
 */
function Preview({ settings }: { settings: Settings }) {
  const [video, setVideo] = useState<Video | null | undefined>(undefined);
  const [src, setSrc] = useState('');
  useEffect(() => {
    list<Video>('/v2/videos', { status: 'ready', limit: '1' }).then((page) => setVideo(page.items[0] ?? null), () => setVideo(null));
  }, []);
  const { name: _name, ...playback } = settingsOf(settings);
  // A colour half typed (#ff8) would make the gateway drop the whole preview: show the default colour meanwhile.
  if (!/^#[0-9a-f]{6}$/i.test(playback.colour)) playback.colour = '';
  if (!/^[A-Za-z0-9-]{0,35}$/.test(playback.track)) playback.track = '';
  const preview = JSON.stringify(playback);
  useEffect(() => {
    if (!video) return;
    const timer = setTimeout(() => setSrc(`/embed/${video.id}?preview=${encodeURIComponent(preview)}`), 300);
    return () => clearTimeout(timer);
  }, [video, preview]);
  return (
    <section class="vh-player-preview" aria-labelledby="vh-preview-title">
      <h2 id="vh-preview-title">Preview</h2>
      {video === null && <p class="vh-empty">Upload a video and let it finish processing to see the player here.</p>}
      {video && (
        <>
          <div class="vh-player">{src && <iframe id="vh-preview-frame" src={src} title={`Preview of the player with “${video.name}”`} allow="autoplay; fullscreen; picture-in-picture" />}</div>
          <p class="vh-hint">With “{video.name}”. The preview never counts as a view.</p>
        </>
      )}
    </section>
  );
}
