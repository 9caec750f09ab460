import type { Db } from "../db/db.js";
import type { JobWorker } from "../jobs/index.js";

// A word as search_words keeps it (migration 011): folded text split on anything but letters and digits.
// Unnested from an array rather than regexp_split_to_table, whose estimate of 1,000 rows a text made a
// catch-up of 5,000 reports look costly enough for PostgreSQL to compile it (JIT: 60–100 ms each time,
// twice a corrected search); an array's unnest is estimated at 10, about what a report holds.
const WORDS_OF = (column: string) => `unnest(regexp_split_to_array(${column}, '[^a-z0-9]+'))`;
const KEPT = "length(w) between 3 and 30 and w ~ '[a-z]'";
/** Reports (and comments) a search adds to the dictionary before it corrects: what arrived since the
 * last one on a working day, a few milliseconds. A backlog (a restored or generated database, a burst
 * of intake) is the job's: on a fresh million-report set each search paid 100 ms for 5,000 of them,
 * and the search's p95 was 518 ms until 200 searches had caught up (issue 37, bench/README.md). */
export const SEARCH_CATCH_UP_ROWS = 200;
/** Rows per statement of the background catch-up (SEARCH_WORDS_JOB). */
export const JOB_CATCH_UP_ROWS = 5000;
/** The background catch-up: queued every SEARCH_WORDS_EVERY_MS once across processes, it adds batches
 * until the dictionary has every report and comment. */
export const SEARCH_WORDS_JOB = "search.words";
export const SEARCH_WORDS_EVERY_MS = 30_000;

/** Adds the words of the reports and comments written since the last catch-up to the dictionary, at
 * most `rows` of each; answers how many it read (0: caught up, or another process is at it). Each step
 * is one statement that first locks the progress row with
 * `skip locked`: while one process catches up, the others skip it and go on with the dictionary as it
 * is (no explicit transaction to hold).
 * It follows ids, so a row committed after a higher id was caught up, or a text edited later, adds
 * its words only if another row brings them: the dictionary only suggests spellings, and exact
 * matches never depend on it. Known words are left out before the insert, so its `on conflict` is a
 * safety net for a concurrent catch-up only. The batch starts from the progress as a value (a
 * subquery), so the primary key is read from there: joined as a row, the progress was a filter instead
 * and every catch-up walked the whole table from its first id (a million reports for nothing once
 * caught up: the search's p95 went from 44 to 438 ms, bench/README.md). */
export async function catchUpSearchWords(db: Db, rows = JOB_CATCH_UP_ROWS): Promise<number> {
  let read = 0;
  for (const [table, column] of [["reports", "last_report_id"], ["comments", "last_comment_id"]] as const) {
    const [step] = await db.query<{ read: number }>(
      `with progress as (select ${column} as after from search_words_progress for update skip locked),
            batch as (select t.id, t.search_text from ${table} t where t.id > (select after from progress) order by t.id limit ${rows}),
            added as (insert into search_words (word) select distinct w from batch, ${WORDS_OF("batch.search_text")} w
                       where ${KEPT} and not exists (select 1 from search_words k where k.word = w)
                      on conflict do nothing)
           , moved as (update search_words_progress set ${column} = (select max(id) from batch)
                        where exists (select 1 from progress) and exists (select 1 from batch))
       select count(*)::int as read from batch`,
    );
    read += step?.read ?? 0;
  }
  return read;
}

/** The job's run: batches until the dictionary is caught up; answers the rows read. */
export async function catchUpSearchWordsFully(db: Db): Promise<{ read: number }> {
  let read = 0;
  for (let step = await catchUpSearchWords(db); step > 0; step = await catchUpSearchWords(db)) read += step;
  return { read };
}

// The closest word is sorted by similarity() among the trigram matches.

/** The search text with each word the dictionary does not know (3 letters or more) replaced by the
 * closest word it knows (trigram similarity); null when no word needed or found a correction. */
export async function correctedText(db: Db, text: string): Promise<string | null> {
  await catchUpSearchWords(db, SEARCH_CATCH_UP_ROWS);
  const rows = await db.query<{ w: string; fix: string | null }>(
    `select t.w,
            case when length(t.w) < 3 or exists (select 1 from search_words k where k.word = t.w) then null
                 else (select s.word from search_words s where s.word % t.w order by similarity(s.word, t.w) desc, s.word limit 1) end as fix
       from ${WORDS_OF("f_unaccent(lower($1::text))")} with ordinality as t(w, n)
      where t.w <> ''
      order by t.n`,
    [text],
  );
  if (!rows.some((r) => r.fix)) return null;
  return rows.map((r) => r.fix ?? r.w).join(" ");
}

/** Keeps the dictionary caught up in the background (every SEARCH_WORDS_EVERY_MS, once across
 * processes), so a search only adds the few rows that arrived since. */
export function installSearchWordsJob(ctx: { db: Db; jobs: JobWorker }): void {
  ctx.jobs.handle(SEARCH_WORDS_JOB, () => catchUpSearchWordsFully(ctx.db)).every(SEARCH_WORDS_JOB, SEARCH_WORDS_EVERY_MS);
}
