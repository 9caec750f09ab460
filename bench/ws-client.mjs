// The receiving side of the fan-out benchmarks (run.mjs, sockets.mjs): a minimal WebSocket client that
// parses frames straight off the TCP stream, and the report id of a newReport message read without
// parsing its JSON. With 100,000 messages a second to receive, `ws` clients took most of a CPU that the
// servers under test needed.
import { randomBytes } from "node:crypto";
import { connect } from "node:net";

const REPORT_ID = Buffer.from('"report":{"id":');
// Every socket of a thread reads into this one buffer (net's `onread`): its bytes are handled before the
// next read, and what must outlive a read (an incomplete frame) is copied out.
const READ_BUFFER = Buffer.allocUnsafe(256 * 1024);

/** The report id of a newReport message without parsing the whole JSON (the client must keep up with
 * 100,000 messages a second); falls back to JSON.parse on any other shape. */
export function newReportId(data) {
  const at = data.indexOf(REPORT_ID);
  if (at >= 0 && data.indexOf('"type":"newReport"') >= 0) {
    let id = 0;
    for (let i = at + REPORT_ID.length; i < data.length; i++) {
      const c = data[i];
      if (c < 48 || c > 57) break;
      id = id * 10 + (c - 48);
    }
    return id;
  }
  try {
    const m = JSON.parse(String(data));
    return m.type === "newReport" ? m.data?.report?.id : undefined;
  } catch {
    return undefined;
  }
}

/** A minimal WebSocket client for the receiving side: 1,000 sockets taking 100,000 messages a second
 * must not starve the servers of the 2 CPUs they share, so frames are parsed straight off the TCP
 * stream (one timestamp per read, no per-message event) instead of through `ws`. Answers pings, so
 * the server's heartbeat keeps it. Reads go through `onread` into a buffer shared by the thread's
 * sockets: no buffer allocated and no stream event a read, at 200,000 reads a second (10,000 sockets).
 * Resolves with a handle once the first (hello) message came; `onMessage(payload, arrivedAt)` gets
 * every later text message. `localAddress` (127.0.0.x) spreads many
 * sockets over several source addresses, each with its own range of ephemeral ports. */
export function openSocket(url, origin, onMessage, localAddress) {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({
      host: hostname,
      port: Number(port),
      noDelay: true,
      ...(localAddress ? { localAddress } : {}),
      onread: { buffer: READ_BUFFER, callback: (length, buffer) => void read(buffer, length) },
    });
    const fail = (err) => {
      clearTimeout(timer);
      socket.destroy();
      reject(err);
    };
    const timer = setTimeout(() => fail(new Error("socket not open after 15 s")), 15_000);
    let handshaken = false;
    let opened = false;
    let pending = null; // bytes of an incomplete frame
    let fragments = null; // payloads of a fragmented message
    const handle = { close: () => socket.end(), terminate: () => socket.destroy() };
    const deliver = (payload, at) => {
      if (!opened) {
        opened = true;
        clearTimeout(timer);
        resolve(handle);
      } else onMessage(payload, at);
    };
    socket.on("connect", () =>
      socket.write(
        `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\nOrigin: ${origin}\r\n\r\n`,
      ),
    );
    // The bytes read are chunk[0, length); a frame begun by an earlier read is in `pending`.
    const read = (chunk, length) => {
      const at = performance.now();
      let buf = pending ? Buffer.concat([pending, chunk.subarray(0, length)]) : chunk;
      let end = pending ? buf.length : length;
      pending = null;
      if (!handshaken) {
        const endOfHead = buf.indexOf("\r\n\r\n");
        if (endOfHead < 0 || endOfHead + 4 > end) return void (pending = Buffer.from(buf.subarray(0, end)));
        const head = buf.toString("latin1", 0, endOfHead);
        if (!head.startsWith("HTTP/1.1 101")) return fail(new Error(`upgrade refused: ${head.split("\r\n")[0]}`));
        handshaken = true;
        buf = buf.subarray(endOfHead + 4, end);
        end = buf.length;
      }
      let at0 = 0;
      while (end - at0 >= 2) {
        const b0 = buf[at0];
        let len = buf[at0 + 1] & 0x7f;
        let off = at0 + 2;
        if (len === 126) {
          if (end - off < 2) break;
          len = buf.readUInt16BE(off);
          off += 2;
        } else if (len === 127) {
          if (end - off < 8) break;
          len = Number(buf.readBigUInt64BE(off));
          off += 8;
        }
        if (end - off < len) break;
        const payload = buf.subarray(off, off + len);
        at0 = off + len;
        const opcode = b0 & 0x0f;
        const fin = (b0 & 0x80) !== 0;
        if (opcode === 9) {
          // pong with the same payload, masked with a zero key as a client must mask
          socket.write(Buffer.concat([Buffer.from([0x8a, 0x80 | payload.length, 0, 0, 0, 0]), payload]));
        } else if (opcode === 8) {
          socket.end();
        } else if (opcode === 1 || opcode === 2 || opcode === 0) {
          if (!fin) fragments = [...(fragments ?? []), Buffer.from(payload)];
          else if (fragments) {
            deliver(Buffer.concat([...fragments, payload]), at);
            fragments = null;
          } else deliver(payload, at);
        }
      }
      if (at0 < end) pending = Buffer.from(buf.subarray(at0, end));
    };
    socket.on("error", (err) => (opened ? undefined : fail(err)));
    socket.on("close", () => (opened ? undefined : fail(new Error("closed before the first message"))));
  });
}
