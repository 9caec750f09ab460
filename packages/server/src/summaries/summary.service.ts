import type { Config } from "../config.js";
import type { Db, Tx } from "../db/db.js";
import { one } from "../db/db.js";
import { restrictionWhere } from "../auth/access.js";
import { loadRestrictionsOf } from "../auth/restrictions.js";
import { queueMail } from "../mail/index.js";
import { periodText, previousPeriod, sectionText, summaryLanguage, validTimezone, type CompanySummary } from "./summary-text.js";

/** The recurring job that mails the summaries whose period is over (hourly: a user's local midnight
 * comes at a different hour in each time zone). */
export const SUMMARY_JOB = "summaries.send";
export const SUMMARY_EVERY_MS = 60 * 60 * 1000;
export type SummaryPeriod = "daily" | "monthly";

interface Recipient {
  id: number;
  email: string;
  first_name: string;
  lang: string;
  timezone: string;
}

// SPEC §3 user settings: the daily summary is on unless turned off, the monthly one off unless turned on.
const WANTS: Record<SummaryPeriod, string> = {
  daily: "coalesce(u.settings->'dailySummaryEmail', 'true'::jsonb) = 'true'::jsonb",
  monthly: "coalesce(u.settings->'monthlySummaryEmail', 'false'::jsonb) = 'true'::jsonb",
};

/** Members who work reports (admins and operators), not locked, with an e-mail, who want this summary. */
function recipients(db: Db, period: SummaryPeriod, afterId: number, limit: number, only?: readonly number[]): Promise<Recipient[]> {
  return db.query<Recipient>(
    `select u.id, u.email, u.first_name, u.lang, u.timezone from users u
      where u.id > $1 and not u.locked and coalesce(u.email, '') <> '' and ${WANTS[period]}
        and ($3::int[] is null or u.id = any($3::int[]))
        and exists (select 1 from memberships m where m.user_id = u.id and m.role in ('company_admin', 'operator'))
      order by u.id limit $2`,
    [afterId, limit, only ? [...only] : null],
  );
}

/** One company's figures for the window [from, to) (local midnights in tz), inside the member's restrictions. */
async function companySummary(tx: Tx, companyId: number, companyName: string, userId: number, tz: string, from: string, to: string): Promise<CompanySummary> {
  const restrictions = (await loadRestrictionsOf(tx, companyId, [userId])).get(userId);
  const params: unknown[] = [companyId, from, to, tz];
  const base = `from report_attentions a join reports r on r.id = a.report_id
    where a.company_id = $1 and a.deleted_at is null and r.deleted_at is null`;
  const window = " and a.created_at >= ($2::timestamp at time zone $4) and a.created_at < ($3::timestamp at time zone $4)";
  const where = restrictions ? restrictionWhere(restrictions, params) : "";
  const counts = await tx.query<{ status: string; n: number }>(`select a.status, count(*)::int as n ${base}${window}${where} group by a.status`, params);
  const types = await tx.query<{ type_id: number; n: number }>(
    `select r.type_id, count(*)::int as n ${base}${window}${where} group by r.type_id order by n desc, r.type_id limit 3`,
    params,
  );
  const overdueParams: unknown[] = [companyId];
  const overdueWhere = restrictions ? restrictionWhere(restrictions, overdueParams) : "";
  const overdue = await one<{ n: number }>(
    tx,
    `select count(*)::int as n ${base} and a.status in ('pending', 'in_progress', 'in_observation') and a.due_date < now()${overdueWhere}`,
    overdueParams,
  );
  return {
    companyName,
    counts: Object.fromEntries(counts.map((c) => [c.status, c.n])),
    overdue: overdue?.n ?? 0,
    topTypes: types.map((t) => ({ typeId: t.type_id, count: t.n })),
  };
}

/** Mails one user's summary of the period before `at`, once: the row (user, period, key) is claimed in
 * the transaction that stores the mail, so a second process (or a second run) finds it taken and
 * sends nothing. Answers whether this call sent it. */
export async function sendSummary(db: Db, config: Pick<Config, "smtpUrl" | "publicUrl">, user: Recipient, period: SummaryPeriod, at: Date): Promise<boolean> {
  const tz = validTimezone(user.timezone);
  const { key, from, to } = previousPeriod(at, tz, period);
  return db.transaction(async (tx) => {
    const claimed = await tx.query("insert into summary_mails (user_id, period, period_key) values ($1, $2, $3) on conflict do nothing returning 1", [
      user.id,
      period,
      key,
    ]);
    if (claimed.length === 0) return false;
    const lang = summaryLanguage(user.lang);
    const companies = await tx.query<{ id: number; name: string }>(
      `select c.id, c.name from memberships m join companies c on c.id = m.company_id
        where m.user_id = $1 and m.role in ('company_admin', 'operator') order by c.name, c.id`,
      [user.id],
    );
    const sections: string[] = [];
    for (const c of companies) sections.push(sectionText(lang, await companySummary(tx, c.id, c.name, user.id, tz, from, to)));
    const mailId = await queueMail(tx, config, {
      to: user.email,
      template: period === "daily" ? "dailySummary" : "monthlySummary",
      lang,
      vars: {
        name: user.first_name || user.email,
        period: periodText(lang, period, key),
        timezone: tz,
        sections: sections.join("\n\n"),
        link: `${config.publicUrl}/v3/settings?tab=notifications`,
      },
    });
    await tx.query("update summary_mails set mail_id = $4 where user_id = $1 and period = $2 and period_key = $3", [user.id, period, key, mailId]);
    return true;
  });
}

/** The scheduled run: every user who wants a summary and has not had the one of the period just over
 * gets it (daily, and on a new month the monthly one). Answers how many mails this run queued. */
export async function sendDueSummaries(
  db: Db,
  config: Pick<Config, "smtpUrl" | "publicUrl">,
  at = new Date(),
  /** A run for these users only (re-sending one user's, or a test among other tests' users). */
  only?: readonly number[],
): Promise<{ daily: number; monthly: number }> {
  const sent = { daily: 0, monthly: 0 };
  for (const period of ["daily", "monthly"] as const) {
    for (let after = 0; ; ) {
      const batch = await recipients(db, period, after, 200, only);
      for (const user of batch) if (await sendSummary(db, config, user, period, at)) sent[period]++;
      if (batch.length < 200) break;
      after = batch[batch.length - 1]!.id;
    }
  }
  return sent;
}
