// Where a publisher sends the event: the RTMP server and the SRT URL, and
// the stream key (GET /v2/videos/{id}/stream_key, docs/live.md#stream-keys),
// hidden until revealed (it is a secret: a screen share would show it), with
// copy buttons, rotate (a new key; a publisher on the old one is cut within
// 5 s) and revoke (refused until the next rotation), each behind a dialog.
import { useState } from 'preact/hooks';
import { del, get, post } from '../../api';
import { Confirm, CopyButton, Problem } from '../../components';
import { useAction, useResource } from '../../resource';
import { canEditVideos } from '../../roles';
import { obsServer, redacted, type StreamKey } from './types';

/** hidden stands for the key on screen until it is revealed. */
const hidden = 'vhlive_••••••••••••';

export function Ingest({ id, role }: { id: string; role: string }) {
  const { data: key, setData, problem, setProblem } = useResource(() => get<StreamKey>(`/v2/videos/${id}/stream_key`), [id]);
  const { busy, run } = useAction(setProblem);
  const [revealed, setRevealed] = useState(false);
  const [asking, setAsking] = useState<'rotate' | 'revoke' | null>(null);
  const rotate = () => {
    setAsking(null);
    run(async () => setData(await post<StreamKey>(`/v2/videos/${id}/stream_key`, {})));
  };
  const revoke = () => {
    setAsking(null);
    run(async () => {
      await del(`/v2/videos/${id}/stream_key`);
      setData(await get<StreamKey>(`/v2/videos/${id}/stream_key`));
    });
  };
  if (!key) return <Problem message={problem} />;
  const secret = key.key !== redacted; // a viewer sees the key redacted: nothing to reveal or copy
  const shown = (text: string) => (revealed || !secret ? text : text.replace(key.key, hidden));
  return (
    <section aria-labelledby="vh-ingest-title" class="vh-ingest">
      <h2 id="vh-ingest-title">Where to publish</h2>
      {key.revoked && <p class="vh-problem" id="vh-key-revoked">This stream key is revoked: encoders are refused until you rotate it.</p>}
      {!secret && <p class="vh-note">Only uploaders, admins and owners see the stream key; your role is {role}.</p>}
      <ul class="vh-outputs vh-ingest-list">
        <Row label="RTMP server" id="vh-rtmp-server" text={obsServer(key.rtmp_url)} copy="Copy the RTMP server" />
        <Row label="Stream key" id="vh-stream-key" text={shown(key.key)} value={secret ? key.key : ''} copy="Copy the stream key" />
        <Row label="RTMP URL" id="vh-rtmp-url" text={shown(key.rtmp_url)} value={secret ? key.rtmp_url : ''} copy="Copy the RTMP URL with the key" />
        {key.srt_url && <Row label="SRT URL" id="vh-srt-url" text={shown(key.srt_url)} value={secret ? key.srt_url : ''} copy="Copy the SRT URL with the key" />}
      </ul>
      {secret && (
        <p class="vh-actions-start">
          <button type="button" class="vh-button vh-button-small" id="vh-key-reveal" aria-pressed={revealed} onClick={() => setRevealed(!revealed)}>
            {revealed ? 'Hide the key' : 'Reveal the key'}
          </button>
          {canEditVideos(role) && (
            <>
              <button type="button" class="vh-button vh-button-small" id="vh-key-rotate" disabled={busy} onClick={() => setAsking('rotate')}>Rotate the key</button>
              {!key.revoked && (
                <button type="button" class="vh-button vh-button-small vh-button-danger" id="vh-key-revoke" disabled={busy} onClick={() => setAsking('revoke')}>Revoke the key</button>
              )}
            </>
          )}
        </p>
      )}
      <p class="vh-hint">The key is a secret: anyone holding it can go live on this event. Rotate it if it leaked.</p>
      <Problem message={problem} />
      <Confirm id="vh-rotate-title" open={asking === 'rotate'} title="Rotate the stream key?" action="Rotate" onConfirm={rotate} onCancel={() => setAsking(null)}>
        <p>A new key works at once. An encoder live on the current key is cut within 5 seconds and the event ends.</p>
      </Confirm>
      <Confirm id="vh-revoke-title" open={asking === 'revoke'} title="Revoke the stream key?" action="Revoke" onConfirm={revoke} onCancel={() => setAsking(null)}>
        <p>Encoders are refused until you rotate the key. One live on it now is cut within 5 seconds and the event ends.</p>
      </Confirm>
    </section>
  );
}

/** Row is one address with a copy button; value is what is copied ('' when there is nothing to copy). */
function Row(props: { label: string; id: string; text: string; value?: string; copy: string }) {
  const value = props.value ?? props.text;
  return (
    <li>
      <span class="vh-output-label">{props.label}</span>
      <code class="vh-output-url" id={props.id}>{props.text}</code>
      {value ? <CopyButton text={value} label={props.copy} /> : <span />}
    </li>
  );
}
