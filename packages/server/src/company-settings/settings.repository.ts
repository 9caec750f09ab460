import { REPORT_TYPES, type CompanyFlags, type ReportTypeSetting } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db, type Tx } from "../db/db.js";

/** The company's setting of every active catalogue type (and of any inactive one it has a row for): its
 * stored row, or "not attended" defaults; with the type's image file name. */
export async function readReportTypeSettings(db: Db, scope: TenantScope): Promise<(ReportTypeSetting & { imageName: string })[]> {
  const rows = await db.query<{
    report_type_id: number;
    active: boolean;
    priority: ReportTypeSetting["priority"];
    attention_time: number | null;
    attention_unit: ReportTypeSetting["attentionUnit"];
    duplicate_radius_m: number | null;
    duplicate_window_minutes: number | null;
  }>(
    `select report_type_id, active, priority, attention_time, attention_unit, duplicate_radius_m, duplicate_window_minutes
       from company_report_types where company_id = $1`,
    [scope.companyId],
  );
  const byType = new Map(rows.map((r) => [r.report_type_id, r]));
  return REPORT_TYPES.filter((t) => t.active || byType.has(t.id)).map((t) => {
    const r = byType.get(t.id);
    return r
      ? {
          typeId: t.id,
          imageName: t.imageName,
          active: r.active,
          priority: r.priority,
          attentionTime: r.attention_time,
          attentionUnit: r.attention_unit,
          duplicateRadiusMeters: r.duplicate_radius_m,
          duplicateWindowMinutes: r.duplicate_window_minutes,
        }
      : { typeId: t.id, imageName: t.imageName, active: false, priority: "normal", attentionTime: null, attentionUnit: null, duplicateRadiusMeters: null, duplicateWindowMinutes: null };
  });
}

/** Stores the listed types' settings (other types keep theirs; a type's duplicate radius or window left
 * out of its setting keeps the stored one). */
export async function writeReportTypeSettings(tx: Tx, scope: TenantScope, settings: readonly ReportTypeSetting[]): Promise<void> {
  if (settings.length === 0) return;
  await tx.query(
    `insert into company_report_types (company_id, report_type_id, active, priority, attention_time, attention_unit,
                                       duplicate_radius_m, duplicate_window_minutes)
     select $1, s."typeId", s.active, s.priority, s."attentionTime", s."attentionUnit", s."duplicateRadiusMeters", s."duplicateWindowMinutes"
       from jsonb_to_recordset($2::jsonb) as s("typeId" int, active bool, priority text, "attentionTime" int, "attentionUnit" text,
                                                "duplicateRadiusMeters" int, "duplicateWindowMinutes" int)
     on conflict (company_id, report_type_id) do update
        set active = excluded.active, priority = excluded.priority,
            attention_time = excluded.attention_time, attention_unit = excluded.attention_unit,
            duplicate_radius_m = case when $3::int[] @> array[excluded.report_type_id] then excluded.duplicate_radius_m
                                      else company_report_types.duplicate_radius_m end,
            duplicate_window_minutes = case when $4::int[] @> array[excluded.report_type_id] then excluded.duplicate_window_minutes
                                            else company_report_types.duplicate_window_minutes end`,
    [
      scope.companyId,
      JSON.stringify(settings),
      settings.filter((s) => s.duplicateRadiusMeters !== undefined).map((s) => s.typeId),
      settings.filter((s) => s.duplicateWindowMinutes !== undefined).map((s) => s.typeId),
    ],
  );
}

/** The company's flags, substatuses and modules. */
export async function readCompanyRow(
  db: Db,
  scope: TenantScope,
): Promise<{ flags: CompanyFlags; substatuses: string[]; modules: string[] } | undefined> {
  const r = await one<{
    is_observer: boolean;
    is_freemium: boolean;
    has_delay_in_report_notifications: boolean;
    visualize_attending_companies: boolean;
    display_dni: boolean;
    public_open311_reads: boolean;
    substatuses: string[];
    modules: string[];
  }>(
    db,
    `select is_observer, is_freemium, has_delay_in_report_notifications, visualize_attending_companies, display_dni, public_open311_reads, modules,
            array(select s.name from company_substatuses s where s.company_id = companies.id and s.deleted_at is null
                   order by s.position, s.id) as substatuses
       from companies where id = $1`,
    [scope.companyId],
  );
  return (
    r && {
      flags: {
        is_observer: r.is_observer,
        is_freemium: r.is_freemium,
        hasDelayInReportNotifications: r.has_delay_in_report_notifications,
        visualizeAttendingCompanies: r.visualize_attending_companies,
        displayDni: r.display_dni,
        publicOpen311Reads: r.public_open311_reads,
      },
      substatuses: r.substatuses,
      modules: r.modules,
    }
  );
}

/** Replaces the company's substatuses by name (the rows of company_substatuses, issue 17): a name no
 * longer listed is deleted (reports keep it), a new one is added, and the order is the list's. */
export async function writeSubstatuses(tx: Tx, scope: TenantScope, substatuses: readonly string[]): Promise<void> {
  await tx.query(
    `update company_substatuses set deleted_at = now()
      where company_id = $1 and deleted_at is null and lower(name) <> all(select lower(n) from unnest($2::text[]) as n)`,
    [scope.companyId, substatuses],
  );
  await tx.query(
    `insert into company_substatuses (company_id, name, position)
     select $1, n.name, n.ord::int from unnest($2::text[]) with ordinality as n(name, ord)
      where not exists (select 1 from company_substatuses s where s.company_id = $1 and s.deleted_at is null and lower(s.name) = lower(n.name))
      order by n.ord`,
    [scope.companyId, substatuses],
  );
  await tx.query(
    `update company_substatuses s set position = n.ord::int, name = n.name
       from unnest($2::text[]) with ordinality as n(name, ord)
      where s.company_id = $1 and s.deleted_at is null and lower(s.name) = lower(n.name)`,
    [scope.companyId, substatuses],
  );
}

/** Replaces the company's config pairs. */
export async function writeConfig(tx: Tx, scope: TenantScope, pairs: readonly { name: string; value: string }[]): Promise<void> {
  await tx.query("delete from company_config where company_id = $1", [scope.companyId]);
  if (pairs.length === 0) return;
  await tx.query(
    `insert into company_config (company_id, name, value)
     select $1, p.name, p.value from jsonb_to_recordset($2::jsonb) as p(name text, value text)`,
    [scope.companyId, JSON.stringify(pairs)],
  );
}

const FLAG_COLUMNS: Record<keyof CompanyFlags, string> = {
  is_observer: "is_observer",
  is_freemium: "is_freemium",
  hasDelayInReportNotifications: "has_delay_in_report_notifications",
  visualizeAttendingCompanies: "visualize_attending_companies",
  displayDni: "display_dni",
  publicOpen311Reads: "public_open311_reads",
};

/** Sets the given flags of a company (columns from a fixed map, values as parameters). */
export async function writeFlags(tx: Tx | Db, companyId: number, flags: Partial<CompanyFlags>): Promise<void> {
  const entries = Object.entries(flags).filter(([, v]) => v !== undefined) as [keyof CompanyFlags, boolean][];
  if (entries.length === 0) return;
  const sets = entries.map(([k], i) => `${FLAG_COLUMNS[k]} = $${i + 2}`).join(", ");
  await tx.query(`update companies set ${sets} where id = $1`, [companyId, ...entries.map(([, v]) => v)]);
}

/** Replaces a company's modules; false when there is no such company. */
export async function writeModules(db: Db | Tx, companyId: number, modules: readonly string[]): Promise<boolean> {
  const rows = await db.query("update companies set modules = $2 where id = $1 returning id", [companyId, modules]);
  return rows.length === 1;
}
