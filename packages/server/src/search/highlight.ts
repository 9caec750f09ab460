import type { HighlightSegment } from "@atalaya/shared";

const MARKS = /\p{M}/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/** A text lower-cased and without accents, with where each of its characters came from in the original. */
interface Folded {
  text: string;
  /** Original index where the folded character i starts. */
  from: number[];
  /** Original index right after the character that produced folded character i. */
  to: number[];
}

/** Lower-cases and strips accents like `f_unaccent(lower(…))` does in the database, keeping offsets. */
export function fold(text: string): Folded {
  let out = "";
  const from: number[] = [];
  const to: number[] = [];
  let i = 0;
  for (const ch of text) {
    const f = ch.toLowerCase().normalize("NFD").replace(MARKS, "");
    for (let k = 0; k < f.length; k++) {
      from.push(i);
      to.push(i + ch.length);
    }
    out += f;
    i += ch.length;
  }
  return { text: out, from, to };
}

/** The words of a search text, folded. */
export function queryWords(q: string): string[] {
  return [...new Set(fold(q).text.match(WORD) ?? [])];
}

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
}

/** pg_trgm's similarity of two words. */
export function similarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let common = 0;
  for (const t of ta) if (tb.has(t)) common++;
  return common / (ta.size + tb.size - common);
}

/** Folded ranges [start, end) of the text that the query's words match: exactly (accents and case aside)
 * or, for a word found nowhere, the text's words most like it (a typo). */
function matchRanges(folded: string, words: string[]): [number, number][] {
  const ranges: [number, number][] = [];
  const textWords = [...folded.matchAll(WORD)].map((m) => ({ word: m[0], start: m.index }));
  for (const w of words) {
    let found = false;
    for (let at = folded.indexOf(w); at >= 0; at = folded.indexOf(w, at + w.length)) {
      ranges.push([at, at + w.length]);
      found = true;
    }
    if (found || w.length < 3) continue;
    let best = 0;
    const scored = textWords.map((t) => {
      const s = similarity(w, t.word);
      if (s > best) best = s;
      return { ...t, s };
    });
    if (best < 0.3) continue;
    for (const t of scored) if (t.s === best) ranges.push([t.start, t.start + t.word.length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged.at(-1);
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/** Longest fragment returned around the first match. */
export const FRAGMENT_LENGTH = 160;

/** The fragment of the text around what the query matched, as plain segments (marked or not), or null
 * when nothing in it matches. Long texts are cut around the first match, with "…" where cut. */
export function highlight(text: string, q: string, max = FRAGMENT_LENGTH): HighlightSegment[] | null {
  const words = queryWords(q);
  if (words.length === 0 || text.length === 0) return null;
  const f = fold(text);
  const ranges = matchRanges(f.text, words).map(([s, e]) => [f.from[s]!, f.to[e - 1]!] as const);
  if (ranges.length === 0) return null;
  let start = 0;
  let end = text.length;
  if (text.length > max) {
    const first = ranges[0]![0];
    start = Math.max(0, first - Math.floor(max / 3));
    // Start at a word: move past the partial word the cut fell into.
    if (start > 0) {
      const space = text.slice(start, first).search(/\s/);
      if (space >= 0) start += space + 1;
    }
    end = Math.min(text.length, start + max);
  }
  const segments: HighlightSegment[] = [];
  const push = (t: string, mark: boolean) => {
    if (t) segments.push({ text: t, mark });
  };
  if (start > 0) push("…", false);
  let at = start;
  for (const [s, e] of ranges) {
    if (e <= start || s >= end) continue;
    const ms = Math.max(s, start);
    const me = Math.min(e, end);
    push(text.slice(at, ms), false);
    push(text.slice(ms, me), true);
    at = me;
  }
  push(text.slice(at, end), false);
  if (end < text.length) push("…", false);
  return segments;
}
