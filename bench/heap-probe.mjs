// Loaded (`node --expose-gc --import ./heap-probe.mjs …`) into the processes whose memory per socket the
// many-sockets benchmark measures: on SIGUSR2, a full garbage collection, then one line on stdout with
// what the heap holds. Resident memory (RSS) also counts the heap V8 grew for garbage not yet given back
// (the tickets' requests, the upgrades), which the live heap after a collection does not.
process.on("SIGUSR2", () => {
  globalThis.gc?.();
  globalThis.gc?.();
  const { heapUsed, external } = process.memoryUsage();
  console.log(`HEAP ${heapUsed + external}`);
});
