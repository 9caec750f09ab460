import type { Socket } from "node:net";
import type { UploadPace } from "../config.js";

/** Why an upload was cut short. */
export type SlowUpload = "stalled" | "crawling";

// Samples taken per stall span: the rate is judged over the last span, to a fifth of it.
const SAMPLES_PER_SPAN = 5;

/**
 * Watches the bytes a request's connection brings while its upload is read, and calls onSlow once when
 * none came for `stallMs` (stalled) or fewer than `minBytesPerSecond` × `stallMs` came over the last
 * `stallMs` (crawling). Bytes are read off the socket's own count (`bytesRead`): nothing is added to the
 * stream the multipart parser reads. A request without a real socket (an injected one) is not watched.
 * Returns the function that stops watching (call it once the form is read, or the request ended).
 */
export function watchUploadPace(socket: Socket | null | undefined, pace: UploadPace, onSlow: (why: SlowUpload) => void): () => void {
  if (!socket || typeof socket.bytesRead !== "number") return () => undefined;
  const tick = Math.max(10, Math.floor(pace.stallMs / SAMPLES_PER_SPAN));
  // The count at each tick, oldest first: the span's first sample is what the rate is measured against.
  const samples: { at: number; bytes: number }[] = [{ at: performance.now(), bytes: socket.bytesRead }];
  let lastByteAt = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const bytes = socket.bytesRead;
    if (bytes > samples[samples.length - 1]!.bytes) lastByteAt = now;
    samples.push({ at: now, bytes });
    while (samples.length > 1 && now - samples[1]!.at >= pace.stallMs) samples.shift();
    if (now - lastByteAt >= pace.stallMs) return slow("stalled");
    const first = samples[0]!;
    const span = now - first.at;
    if (pace.minBytesPerSecond > 0 && span >= pace.stallMs && ((bytes - first.bytes) * 1000) / span < pace.minBytesPerSecond) slow("crawling");
  }, tick);
  timer.unref();
  const stop = () => clearInterval(timer);
  const slow = (why: SlowUpload) => {
    stop();
    onSlow(why);
  };
  return stop;
}
