// The fan-out reference: a bare `ws` server that does nothing but broadcast. Started by run.mjs as a
// child process, so it has its own event loop like the portal's server processes.
// Protocol over a socket opened with ?control=1:
//   → {"count": N, "rate": R, "size": BYTES}   broadcast N messages of BYTES at R a second to every
//                                              other socket, each stamped with its wall-clock send time
//                                              and the time it was due by the schedule
//   ← {"done": true, "sent": N, "seconds": S}  when the last one was handed to every socket
import { WebSocketServer } from "ws";

const port = Number(process.env.PORT ?? 8303);
const wss = new WebSocketServer({ port, host: "127.0.0.1", perMessageDeflate: false });
const sockets = new Set();

// Wall clock with sub-millisecond resolution, comparable across processes on one machine.
const now = () => performance.timeOrigin + performance.now();

function message(seq, size, dueAt) {
  const head = `{"type":"newReport","seq":${seq},"companyId":1,"sentAt":${now()},"dueAt":${dueAt},"data":{"report":{"id":${seq},"pad":"`;
  const tail = `"}}}`;
  return head + "x".repeat(Math.max(0, size - head.length - tail.length)) + tail;
}

wss.on("connection", (socket, req) => {
  if (req.url?.includes("control=1")) {
    socket.on("message", (raw) => {
      const { count, rate, size } = JSON.parse(String(raw));
      let seq = 0;
      const start = performance.now();
      const tick = () => {
        // Catch up on any tick the timer was late for, like a steady stream of creates would.
        while (seq < count && performance.now() - start >= (seq * 1000) / rate) {
          const raw = message(seq + 1, size, performance.timeOrigin + start + (seq * 1000) / rate);
          seq++;
          for (const s of sockets) s.send(raw);
        }
        if (seq < count) setTimeout(tick, 1);
        else socket.send(JSON.stringify({ done: true, sent: seq, seconds: (performance.now() - start) / 1000 }));
      };
      tick();
    });
    return;
  }
  sockets.add(socket);
  socket.on("close", () => sockets.delete(socket));
  socket.send(`{"type":"hello","seq":0,"companyId":1,"data":{}}`);
});

wss.on("listening", () => console.log(`ws reference on ${port}`));
process.on("SIGTERM", () => process.exit(0));
