import * as ws from "ws";

interface FrameOptions {
  fin: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
  rsv1: boolean;
}

// ws's own framing (its Sender, which @types/ws does not declare): the bytes ws itself would write.
const { Sender } = ws as unknown as { Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] } };

/** A whole, unmasked text frame of `payload`, as a server sends it: framed once, it can be written to
 * any number of sockets (at 10,000 sockets, framing each message again for every socket was most of a
 * broadcast's cost, issue 19). */
export function textFrame(payload: Buffer): Buffer {
  return Buffer.concat(Sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: true, rsv1: false }));
}
