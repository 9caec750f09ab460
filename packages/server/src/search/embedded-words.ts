import type { Db } from "../db/db.js";
import { fold, similarity } from "./highlight.js";

// The search dictionary of the embedded database, kept in the process. PGlite is one connection in one
// process, so nothing is lost by not sharing it, and it keeps the trigram work out of the engine: on
// PGlite, the dictionary's catch-up and trigram lookup (search_words, a GIN trigram index, `%`, and
// earlier `<->`) were each time followed by the engine spinning forever in its error path on the next
// statement ("portal cannot be run" with a looping error context), which froze the whole server
// (seen three times in CI-like runs, always right after them). PostgreSQL keeps the shared table.

/** Texts read per query when the dictionary catches up. */
const PAGE = 5000;
/** pg_trgm's default similarity threshold (`%`). */
const THRESHOLD = 0.3;

interface Dictionary {
  words: Set<string>;
  /** Words by trigram, to compare a misspelling only with words that share one with it. */
  byTrigram: Map<string, string[]>;
  lastReportId: number;
  lastCommentId: number;
  /** The catch-up running now, shared by concurrent searches. */
  catchingUp: Promise<void> | null;
}

const dictionaries = new WeakMap<Db, Dictionary>();

function trigramsOf(word: string): Set<string> {
  const padded = `  ${word} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
}

/** The words a folded text adds (as migration 011 keeps them: 3 to 30 letters or digits, not digits alone). */
export function dictionaryWords(folded: string): string[] {
  return folded.split(/[^a-z0-9]+/).filter((w) => w.length >= 3 && w.length <= 30 && /[a-z]/.test(w));
}

function add(d: Dictionary, folded: string | null): void {
  for (const w of dictionaryWords(folded ?? "")) {
    if (d.words.has(w)) continue;
    d.words.add(w);
    for (const t of trigramsOf(w)) {
      const list = d.byTrigram.get(t);
      if (list) list.push(w);
      else d.byTrigram.set(t, [w]);
    }
  }
}

async function catchUp(db: Db, d: Dictionary): Promise<void> {
  for (const [table, key] of [["reports", "lastReportId"], ["comments", "lastCommentId"]] as const) {
    for (;;) {
      const rows = await db.query<{ id: number; search_text: string | null }>(
        `select id, search_text from ${table} where id > $1 order by id limit ${PAGE}`,
        [d[key]],
      );
      for (const r of rows) add(d, r.search_text);
      if (rows.length) d[key] = rows[rows.length - 1]!.id;
      if (rows.length < PAGE) break;
    }
  }
}

async function dictionaryOf(db: Db): Promise<Dictionary> {
  let d = dictionaries.get(db);
  if (!d) {
    d = { words: new Set(), byTrigram: new Map(), lastReportId: 0, lastCommentId: 0, catchingUp: null };
    dictionaries.set(db, d);
  }
  const dict = d;
  dict.catchingUp ??= catchUp(db, dict).finally(() => (dict.catchingUp = null));
  await dict.catchingUp;
  return dict;
}

/** The closest known word to a misspelt one (pg_trgm similarity above 0.3, as `%`; alphabetical among
 * equals, as the PostgreSQL lookup orders), or null. */
export function closestWord(d: { byTrigram: Map<string, string[]> }, word: string): string | null {
  const seen = new Set<string>();
  let best: string | null = null;
  let bestScore = 0;
  for (const t of trigramsOf(word)) {
    for (const candidate of d.byTrigram.get(t) ?? []) {
      if (seen.has(candidate)) continue;
      seen.add(candidate);
      const s = similarity(word, candidate);
      // `%` matches above the threshold; the best score wins, alphabetical order among equals.
      if (s <= THRESHOLD) continue;
      if (best === null || s > bestScore || (s === bestScore && candidate < best)) {
        best = candidate;
        bestScore = s;
      }
    }
  }
  return best;
}

/** correctedText for the embedded database: the same answer from the dictionary in this process. */
export async function correctedTextEmbedded(db: Db, text: string): Promise<string | null> {
  const d = await dictionaryOf(db);
  const words = fold(text).text.split(/[^a-z0-9]+/).filter((w) => w !== "");
  let changed = false;
  const out = words.map((w) => {
    if (w.length < 3 || d.words.has(w)) return w;
    const fix = closestWord(d, w);
    if (fix) changed = true;
    return fix ?? w;
  });
  return changed ? out.join(" ") : null;
}
