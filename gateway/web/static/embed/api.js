// ../embed-api/api.ts
var MESSAGE_TYPE = "vidhost";
var PROTOCOL_VERSION = 1;
function isProtocolMessage(data) {
  return typeof data === "object" && data !== null && data.type === MESSAGE_TYPE && typeof data.v === "number";
}
var ANSWER_TIMEOUT_MS = 1e4;
var VidhostPlayer = class {
  constructor(iframe) {
    this.iframe = iframe;
    this.handlers = /* @__PURE__ */ new Map();
    this.answers = /* @__PURE__ */ new Map();
    this.markReady = () => void 0;
    this.isReady = false;
    this.nextId = 1;
    this.listener = (event) => this.receive(event);
    this.probe = () => this.send({ command: "getState" });
    this.origin = new URL(iframe.src, window.location.href).origin;
    this.readyState = new Promise((resolve) => {
      this.markReady = resolve;
    });
    window.addEventListener("message", this.listener);
    iframe.addEventListener("load", this.probe);
    this.probe();
  }
  /** ready resolves with the first state the player reports. */
  ready() {
    return this.readyState;
  }
  /** play starts playback; a browser may refuse sound without a click ("error" event, code play_refused). */
  play() {
    this.send({ command: "play" });
  }
  pause() {
    this.send({ command: "pause" });
  }
  /** seek moves to seconds from the start; a "seeked" event follows. */
  seek(seconds) {
    this.send({ command: "seek", seconds });
  }
  mute() {
    this.send({ command: "mute" });
  }
  unmute() {
    this.send({ command: "unmute" });
  }
  /** getState asks the player for its state. */
  getState() {
    const id = `s${this.nextId++}`;
    return new Promise((resolve, reject) => {
      const timer = window.setTimeout(() => {
        this.answers.delete(id);
        reject(new Error("vidhost: the player did not answer getState"));
      }, ANSWER_TIMEOUT_MS);
      this.answers.set(id, (message) => {
        var _a, _b;
        window.clearTimeout(timer);
        if (message.event === "error") reject(new Error(`vidhost: ${(_a = message.error) == null ? void 0 : _a.code}: ${(_b = message.error) == null ? void 0 : _b.message}`));
        else resolve(message);
      });
      this.send({ command: "getState", id });
    });
  }
  /** on calls handler for each event of that name; it returns a function that stops it. */
  on(event, handler) {
    const set = this.handlers.get(event) ?? /* @__PURE__ */ new Set();
    this.handlers.set(event, set);
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }
  /** destroy stops listening; the iframe stays. */
  destroy() {
    window.removeEventListener("message", this.listener);
    this.iframe.removeEventListener("load", this.probe);
    this.handlers.clear();
    this.answers.clear();
  }
  send(command) {
    var _a;
    const message = { type: MESSAGE_TYPE, v: PROTOCOL_VERSION, ...command };
    (_a = this.iframe.contentWindow) == null ? void 0 : _a.postMessage(message, this.origin);
  }
  receive(event) {
    var _a;
    if (event.origin !== this.origin || event.source !== this.iframe.contentWindow) return;
    if (!isProtocolMessage(event.data) || event.data.v !== PROTOCOL_VERSION) return;
    const message = event.data;
    if (!this.isReady && (message.event === "ready" || message.event === "state")) {
      this.isReady = true;
      this.markReady(message);
    }
    const answer = message.id ? this.answers.get(message.id) : void 0;
    if (answer && message.id) {
      this.answers.delete(message.id);
      answer(message);
    }
    (_a = this.handlers.get(message.event)) == null ? void 0 : _a.forEach((handler) => handler(message));
  }
};
export {
  MESSAGE_TYPE,
  PROTOCOL_VERSION,
  VidhostPlayer,
  isProtocolMessage
};
