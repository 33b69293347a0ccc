package main

// whipPublisherPath serves whipPublisherPage on the glass browser's site.
const whipPublisherPath = "/whip-publisher"

// whipPublisherPage draws stamp.go's picture on a 640x360 canvas: grey,
// with Date.now() as 48 bits in two rows of 12 px blocks (luma 235 and
// 16) at its top, redrawn at 60 Hz so a captured frame's stamp is at most
// one redraw old. publish(url, key) sends canvas.captureStream(30) and a
// 440 Hz tone over WHIP (H.264 first, every ICE candidate in the offer,
// the resolution kept under load so the viewer can read the blocks) and
// resolves to "live" or the refusal; senderStats() reports the browser's
// encode and pacing times; unpublish() DELETEs the session.
const whipPublisherPage = `<!doctype html><meta charset="utf-8"><title>WHIP publisher</title>
<canvas width="640" height="360"></canvas>
<script>
const canvas = document.querySelector('canvas');
const g = canvas.getContext('2d');
function draw() {
  const ms = Date.now();
  g.fillStyle = 'rgb(128,128,128)';
  g.fillRect(0, 0, 640, 360);
  for (let row = 0; row < 2; row++) {
    for (let bit = 0; bit < 48; bit++) {
      const on = Math.floor(ms / 2 ** (47 - bit)) % 2 === 1;
      g.fillStyle = on ? 'rgb(235,235,235)' : 'rgb(16,16,16)';
      g.fillRect(bit * 12, row * 12, 12, 12);
    }
  }
}
draw();
setInterval(draw, 1000 / 60);
let session = null, bearer = '', pc = null;
async function publish(url, key) {
  const video = canvas.captureStream(30).getVideoTracks()[0];
  video.contentHint = 'detail';
  const audio = new AudioContext({sampleRate: 48000});
  const tone = audio.createOscillator();
  tone.frequency.value = 440;
  const out = audio.createMediaStreamDestination();
  tone.connect(out);
  tone.start();
  const stream = new MediaStream([video, out.stream.getAudioTracks()[0]]);
  pc = new RTCPeerConnection();
  let videoSender = null;
  for (const track of stream.getTracks()) {
    const t = pc.addTransceiver(track, {direction: 'sendonly', streams: [stream]});
    if (track.kind !== 'video') continue;
    videoSender = t.sender;
    const codecs = RTCRtpSender.getCapabilities('video').codecs;
    t.setCodecPreferences([...codecs.filter((c) => c.mimeType === 'video/H264'), ...codecs.filter((c) => c.mimeType !== 'video/H264')]);
  }
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise((done) => {
    if (pc.iceGatheringState === 'complete') return done();
    setTimeout(done, 5000);
    pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && done());
  });
  const res = await fetch(url, {method: 'POST', headers: {'Content-Type': 'application/sdp', Authorization: 'Bearer ' + key}, body: pc.localDescription.sdp});
  const body = await res.text();
  if (res.status !== 201) return res.status + ' ' + body;
  session = new URL(res.headers.get('Location'), url).href;
  bearer = key;
  await pc.setRemoteDescription({type: 'answer', sdp: body});
  const params = videoSender.getParameters();
  params.degradationPreference = 'maintain-resolution';
  if (params.encodings && params.encodings[0]) params.encodings[0].maxBitrate = 1500000;
  await videoSender.setParameters(params).catch(() => {});
  return 'live';
}
// senderStats is what the browser says of its own share of the latency:
// its encoder's time per frame and its pacer's per packet, in ms.
async function senderStats() {
  let out = null;
  (await pc.getStats()).forEach((r) => {
    if (r.type !== 'outbound-rtp' || r.kind !== 'video' || !r.framesEncoded) return;
    out = {encodeMs: 1000 * r.totalEncodeTime / r.framesEncoded, sendDelayMs: 1000 * r.totalPacketSendDelay / r.packetsSent,
      width: r.frameWidth, height: r.frameHeight, fps: r.framesPerSecond || 0, limited: r.qualityLimitationReason || 'none'};
  });
  return JSON.stringify(out);
}
async function unpublish() {
  if (session) await fetch(session, {method: 'DELETE', headers: {Authorization: 'Bearer ' + bearer}}).catch(() => {});
  if (pc) pc.close();
  return 'stopped';
}
</script>`
