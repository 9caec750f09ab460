import type { Db } from "../db/db.js";

// A word as search_words keeps it (migration 011): folded text split on anything but letters and digits.
// Unnested from an array rather than regexp_split_to_table, whose estimate of 1,000 rows a text made a
// catch-up of 5,000 reports look costly enough for PostgreSQL to compile it (JIT: 60–100 ms each time,
// twice a corrected search); an array's unnest is estimated at 10, about what a report holds.
const WORDS_OF = (column: string) => `unnest(regexp_split_to_array(${column}, '[^a-z0-9]+'))`;
const KEPT = "length(w) between 3 and 30 and w ~ '[a-z]'";
/** Reports (and comments) added to the dictionary per catch-up, so one search never pays for a backlog. */
export const CATCH_UP_ROWS = 5000;

/** Adds the words of the reports and comments written since the last catch-up to the dictionary, at
 * most CATCH_UP_ROWS of each. Each step is one statement that first locks the progress row with
 * `skip locked`: while one process catches up, the others skip it and go on with the dictionary as it
 * is (no explicit transaction to hold).
 * It follows ids, so a row committed after a higher id was caught up, or a text edited later, adds
 * its words only if another row brings them: the dictionary only suggests spellings, and exact
 * matches never depend on it. Known words are left out before the insert, so its `on conflict` is a
 * safety net for a concurrent catch-up only. The batch starts from the progress as a value (a
 * subquery), so the primary key is read from there: joined as a row, the progress was a filter instead
 * and every catch-up walked the whole table from its first id (a million reports for nothing once
 * caught up: the search's p95 went from 44 to 438 ms, bench/README.md). */
export async function catchUpSearchWords(db: Db): Promise<void> {
  for (const [table, column] of [["reports", "last_report_id"], ["comments", "last_comment_id"]] as const) {
    await db.query(
      `with progress as (select ${column} as after from search_words_progress for update skip locked),
            batch as (select t.id, t.search_text from ${table} t where t.id > (select after from progress) order by t.id limit ${CATCH_UP_ROWS}),
            added as (insert into search_words (word) select distinct w from batch, ${WORDS_OF("batch.search_text")} w
                       where ${KEPT} and not exists (select 1 from search_words k where k.word = w)
                      on conflict do nothing)
       update search_words_progress set ${column} = (select max(id) from batch)
        where exists (select 1 from progress) and exists (select 1 from batch)`,
    );
  }
}

// The closest word is sorted by similarity() among the trigram matches.

/** The search text with each word the dictionary does not know (3 letters or more) replaced by the
 * closest word it knows (trigram similarity); null when no word needed or found a correction. */
export async function correctedText(db: Db, text: string): Promise<string | null> {
  await catchUpSearchWords(db);
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
