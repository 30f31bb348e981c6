// The browser page's own script (lehavre_tui/net/web_page.html), run in node against stand-ins
// for the browser's objects; tests/net/test_web.py reads what it prints.
const fs = require("fs");
const html = fs.readFileSync(process.argv[2], "utf8");
const script = html.split("<script>")[1].split("</script>")[0]
  .replace("$lost", "LOST").replace("$beat", "15000");
const listeners = {};
const reason = { textContent: "" };
class Native extends EventTarget {
  constructor(url) { super(); this.url = url; this.readyState = 1; this.sent = []; }
  send(d) { this.sent.push(d); }
  close() { this.readyState = 3; this.dispatchEvent(new Event("close")); }
}
global.window = {
  WebSocket: Native,
  addEventListener: (kind, f) => { listeners[kind] = f; },
  location: { reload: () => { global.reloaded = true; } },
};
global.document = { visibilityState: "visible", getElementById: (id) => reason };
let beat = null;
global.setInterval = (f, ms) => { beat = f; };
eval(script);
const ws = new window.WebSocket("ws://x/ws?width=80");
ws.binaryType = "arraybuffer";
const out = {};
out.native = ws instanceof Native && ws instanceof window.WebSocket;
beat();
out.beat = ws.sent.length === 1 && ws.sent[0] === '["lehavre_here"]';
document.visibilityState = "hidden"; beat(); out.hiddenQuiet = ws.sent.length === 1;
const m = new Event("message"); m.data = JSON.stringify(["lehavre_ended", "The host is stopping."]);
ws.dispatchEvent(m);
ws.close();
out.reason = reason.textContent;
const other = new window.WebSocket("ws://x/ws"); other.close(); out.lost = reason.textContent;
const third = new window.WebSocket("ws://x/ws");
listeners.pagehide(); out.pagehideCloses = third.readyState === 3;
listeners.pageshow({ persisted: true }); out.reloads = global.reloaded === true;
console.log(JSON.stringify(out));
