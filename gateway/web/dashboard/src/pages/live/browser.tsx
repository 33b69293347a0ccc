// Going live from the browser (docs/live.md, "Going live from the browser
// (WHIP)"): the camera and microphone, previewed muted, published over
// WebRTC to POST /v2/videos/{id}/whip with the event's stream key as the
// bearer token. The live service wants H.264 (it copies the source
// rendition), so the page asks for it first; ICE is not trickled, so the
// offer waits for its candidates. Stop DELETEs the session's Location and
// ends the tracks; leaving the page (or the event ending) does the same.
import { useEffect, useRef, useState } from 'preact/hooks';
import { get } from '../../api';
import type { StreamKey } from './types';

type State = 'idle' | 'connecting' | 'live' | 'stopped' | 'error';

/** A running publication: what Stop ends. */
interface Publication {
  pc: RTCPeerConnection;
  media: MediaStream;
  location: string; // the session's URL ('' before the answer)
  key: string;
}

const words: Record<State, string> = {
  idle: '',
  connecting: 'Connecting: allow the camera and microphone if the browser asks…',
  live: 'Publishing from this browser. The event goes live within a few seconds.',
  stopped: 'Stopped publishing from this browser. The event ends once its reconnect window passes.',
  error: 'Could not publish from this browser',
};

export function BrowserPublisher({ id }: { id: string }) {
  const [state, setState] = useState<State>('idle');
  const [reason, setReason] = useState('');
  const previewRef = useRef<HTMLVideoElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const publicationRef = useRef<Publication | null>(null);

  const end = () => endPublication(publicationRef, previewRef);
  useEffect(() => () => endPublication(publicationRef, previewRef), []); // leaving the page stops publishing

  const fail = (message: string) => {
    end();
    setReason(message);
    setState('error');
    startRef.current?.focus();
  };

  const start = async () => {
    setReason('');
    setState('connecting');
    try {
      const key = (await get<StreamKey>(`/v2/videos/${id}/stream_key`)).key;
      const media = await navigator.mediaDevices.getUserMedia({ video: { width: 1280, height: 720 }, audio: true });
      const pc = new RTCPeerConnection();
      publicationRef.current = { pc, media, location: '', key };
      if (previewRef.current) previewRef.current.srcObject = media;
      offerTracks(pc, media);
      pc.onconnectionstatechange = () => {
        if (pc.connectionState === 'failed' && publicationRef.current?.pc === pc) {
          fail('the connection to the live service failed: its UDP port may not be reachable from this network');
        }
      };
      await pc.setLocalDescription(await pc.createOffer());
      await gathered(pc);
      const res = await fetch(`/v2/videos/${id}/whip`, {
        method: 'POST', credentials: 'omit', // the stream key is the credential, never the session cookie
        headers: { 'Content-Type': 'application/sdp', Authorization: `Bearer ${key}` },
        body: pc.localDescription?.sdp ?? '',
      });
      const body = await res.text();
      if (res.status !== 201) throw new Error(refusalText(res, body));
      if (publicationRef.current?.pc !== pc) return; // stopped meanwhile
      publicationRef.current.location = new URL(res.headers.get('Location') ?? '', window.location.href).href;
      await pc.setRemoteDescription({ type: 'answer', sdp: body });
      setState('live');
      stopRef.current?.focus();
    } catch (e) {
      fail(mediaError(e));
    }
  };

  const stop = () => {
    end();
    setState('stopped');
    startRef.current?.focus();
  };

  const running = state === 'connecting' || state === 'live';
  return (
    <section aria-labelledby="vh-browser-title" class="vh-browser-publisher">
      <h2 id="vh-browser-title">Go live from this browser</h2>
      <p class="vh-hint">No encoder needed: this page publishes your camera and microphone with the event's stream key, over WebRTC.</p>
      <video ref={previewRef} class="vh-browser-preview" id="vh-browser-preview" muted autoPlay playsInline hidden={!running}
        aria-label="Preview of your camera (muted)" />
      <p class="vh-actions-start">
        <button type="button" ref={startRef} class="vh-button vh-button-primary" id="vh-browser-start" disabled={running} onClick={() => void start()}>
          Go live from this browser
        </button>
        <button type="button" ref={stopRef} class="vh-button vh-button-danger" id="vh-browser-stop" disabled={!running} onClick={stop}>
          Stop
        </button>
      </p>
      <p id="vh-browser-state" data-state={state} role="status" aria-live="polite" class={state === 'error' ? 'vh-problem' : 'vh-note'}>
        {state === 'error' ? `${words.error}: ${reason}` : words[state]}
      </p>
    </section>
  );
}

/**
 * endPublication DELETEs the session (it ends at once; without it the live
 * service notices the silence after its stall timeout), stops the tracks
 * and closes the connection.
 */
function endPublication(publication: { current: Publication | null }, preview: { current: HTMLVideoElement | null }) {
  const p = publication.current;
  publication.current = null;
  if (!p) return;
  if (p.location) {
    void fetch(p.location, { method: 'DELETE', credentials: 'omit', keepalive: true, headers: { Authorization: `Bearer ${p.key}` } }).catch(() => undefined);
  }
  p.media.getTracks().forEach((track) => track.stop());
  p.pc.close();
  if (preview.current) preview.current.srcObject = null;
}

/** offerTracks adds each track send-only, asking H.264 first for the video. */
function offerTracks(pc: RTCPeerConnection, media: MediaStream) {
  for (const track of media.getTracks()) {
    const transceiver = pc.addTransceiver(track, { direction: 'sendonly', streams: [media] });
    if (track.kind !== 'video') continue;
    const codecs = RTCRtpSender.getCapabilities('video')?.codecs ?? [];
    const h264 = codecs.filter((c) => c.mimeType === 'video/H264');
    if (h264.length > 0) transceiver.setCodecPreferences([...h264, ...codecs.filter((c) => c.mimeType !== 'video/H264')]);
  }
}

/** gathered waits for every ICE candidate (the live service takes no trickle), 5 s at most. */
function gathered(pc: RTCPeerConnection): Promise<void> {
  return new Promise((done) => {
    if (pc.iceGatheringState === 'complete') return done();
    const timer = setTimeout(done, 5000);
    pc.addEventListener('icegatheringstatechange', () => {
      if (pc.iceGatheringState === 'complete') {
        clearTimeout(timer);
        done();
      }
    });
  });
}

/**
 * refusalText is why the offer was refused: the live service's words (plain
 * text), or the edge's envelope's first error (WHIP off, the service down).
 */
function refusalText(res: Response, body: string): string {
  if ((res.headers.get('Content-Type') ?? '').startsWith('application/json')) {
    try {
      const envelope = JSON.parse(body) as { errors?: { message?: string }[] };
      const message = envelope.errors?.[0]?.message;
      if (message) return message;
    } catch {
      // not an envelope after all: the text below
    }
  }
  return body.trim() || `the server answered ${res.status}`;
}

/** mediaError words a failure, the browser's refusals of the devices included. */
function mediaError(e: unknown): string {
  if (e instanceof DOMException && e.name === 'NotAllowedError') return 'the browser was not allowed to use the camera and microphone';
  if (e instanceof DOMException && e.name === 'NotFoundError') return 'no camera or microphone was found';
  return e instanceof Error ? e.message : String(e);
}
