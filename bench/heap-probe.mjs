// Loaded (`node --expose-gc --import ./heap-probe.mjs …`) into the processes whose memory per socket the
// many-sockets benchmark measures: on SIGUSR2, a full garbage collection, then one line on stdout with
// what the heap holds, and how much of it is compiled code. Resident memory (RSS) also counts the heap V8
// grew for garbage not yet given back (the tickets' requests, the upgrades), which the live heap after a
// collection does not. Code is the code V8 compiled (bytecode and machine code) for what ran: it grows
// with the first thousand sockets (the paths that open them get hot and optimised), in either server,
// and is not what a socket keeps.
import { getHeapCodeStatistics } from "node:v8";

process.on("SIGUSR2", () => {
  globalThis.gc?.();
  globalThis.gc?.();
  const { heapUsed, external } = process.memoryUsage();
  const code = getHeapCodeStatistics();
  console.log(`HEAP ${heapUsed + external} CODE ${code.code_and_metadata_size + code.bytecode_and_metadata_size}`);
});
