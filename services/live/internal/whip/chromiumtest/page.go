package chromiumtest

// publishPage is a page that goes live with WHIP as docs/live.md shows it:
// the camera and microphone, H.264 asked for first, the offer posted once
// its candidates are gathered. window.whip holds its state: the answer's
// status and text, and the session's URL; window.stopWHIP() ends it.
const publishPage = `<!doctype html>
<meta charset="utf-8">
<title>WHIP</title>
<script>
window.whip = {status: 0, text: "", session: ""};
async function goLive(url, key) {
  const media = await navigator.mediaDevices.getUserMedia({video: {width: 640, height: 360, frameRate: 25}, audio: true});
  const pc = new RTCPeerConnection();
  for (const track of media.getTracks()) {
    const t = pc.addTransceiver(track, {direction: "sendonly"});
    if (track.kind === "video") {
      const codecs = RTCRtpReceiver.getCapabilities("video").codecs;
      t.setCodecPreferences([...codecs.filter((c) => c.mimeType === "video/H264"), ...codecs.filter((c) => c.mimeType !== "video/H264")]);
    }
  }
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise((done) => {
    if (pc.iceGatheringState === "complete") done();
    pc.onicegatheringstatechange = () => pc.iceGatheringState === "complete" && done();
  });
  const res = await fetch(url, {method: "POST", headers: {"Content-Type": "application/sdp", Authorization: "Bearer " + key}, body: pc.localDescription.sdp});
  window.whip.status = res.status;
  window.whip.text = await res.text();
  if (res.status !== 201) return;
  await pc.setRemoteDescription({type: "answer", sdp: window.whip.text});
  window.whip.session = new URL(res.headers.get("Location"), url).href;
  window.stopWHIP = async () => {
    const r = await fetch(window.whip.session, {method: "DELETE", headers: {Authorization: "Bearer " + key}});
    pc.close();
    media.getTracks().forEach((t) => t.stop());
    return r.status;
  };
}
</script>
`
