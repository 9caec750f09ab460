/** Labels of the units a duration is written in (SPEC §9: d h m s). */
export interface DurationUnits {
  d: string;
  h: string;
  m: string;
  s: string;
}

const SPEC_UNITS: DurationUnits = { d: "d", h: "h", m: "m", s: "s" };

/**
 * A duration in seconds as SPEC §9 shows it, "1 d 2 h 3 m 4 s": whole seconds (rounded), units with
 * nothing in them left out, "0 s" for none; `empty` when there is no duration (null, NaN, negative).
 * `largest` keeps only that many units from the first non-zero one (the last one rounded), for tight spots.
 */
export function formatDuration(
  seconds: number | null | undefined,
  { empty = "—", units = SPEC_UNITS, largest = 4 }: { empty?: string; units?: DurationUnits; largest?: number } = {},
): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return empty;
  const sizes: [keyof DurationUnits, number][] = [
    ["d", 86_400],
    ["h", 3_600],
    ["m", 60],
    ["s", 1],
  ];
  let rest = Math.round(seconds);
  const first = sizes.findIndex(([, size]) => rest >= size);
  if (first === -1) return `0 ${units.s}`;
  const kept = sizes.slice(first, first + Math.max(1, largest));
  const smallest = kept[kept.length - 1]![1];
  // Round to the smallest unit shown, so "1 h 59 m 59.6 s" in two units reads "2 h", not "1 h 59 m".
  rest = Math.round(rest / smallest) * smallest;
  const parts: string[] = [];
  for (const [unit, size] of sizes) {
    if (size < smallest) break;
    const amount = Math.floor(rest / size);
    rest -= amount * size;
    if (amount > 0) parts.push(`${amount} ${units[unit]}`);
  }
  return parts.join(" ");
}
