import type { Company, CompanyRole } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db } from "../db/db.js";
import type { Tables } from "../db/tables.js";

type CompanyRow = Pick<
  Tables["companies"],
  | "id"
  | "uuid"
  | "name"
  | "cover"
  | "bound_latitude"
  | "bound_longitude"
  | "modules"
  | "is_observer"
  | "is_freemium"
  | "has_delay_in_report_notifications"
  | "visualize_attending_companies"
  | "display_dni"
  | "click_to_call"
  | "timezone"
> & {
  /** The names of the company's substatuses (company_substatuses), in order. */
  substatuses: Tables["company_substatuses"]["name"][];
};

/** A company with its settings, or undefined. */
export async function getCompany(db: Db, scope: TenantScope): Promise<(Company & { clickToCall: boolean }) | undefined> {
  const r = await one<CompanyRow>(db, `select *, uuid::text as uuid,
            array(select s.name from company_substatuses s where s.company_id = companies.id and s.deleted_at is null
                   order by s.position, s.id) as substatuses
       from companies where id = $1`, [scope.companyId]);
  if (!r) return undefined;
  return {
    id: r.id,
    uuid: r.uuid,
    name: r.name,
    cover: r.cover,
    bound: { latitude: r.bound_latitude, longitude: r.bound_longitude },
    modules: r.modules,
    is_observer: r.is_observer,
    is_freemium: r.is_freemium,
    hasDelayInReportNotifications: r.has_delay_in_report_notifications,
    visualizeAttendingCompanies: r.visualize_attending_companies,
    displayDni: r.display_dni,
    substatuses: r.substatuses,
    timezone: r.timezone,
    clickToCall: r.click_to_call,
  };
}

/** The company's name/value configuration pairs. */
export function getCompanyConfig(db: Db, scope: TenantScope): Promise<{ name: string; value: string }[]> {
  return db.query("select name, value from company_config where company_id = $1 order by name", [scope.companyId]);
}

export type CompanyMemberRow = { user_id: Tables["users"]["id"] } & Pick<Tables["users"], "uuid" | "first_name" | "last_name" | "email"> &
  Pick<Tables["memberships"], "role" | "patrol_status"> & { role: CompanyRole };

/** Everyone who works in the company (operators, admins, patrols). */
export function listMembers(db: Db, scope: TenantScope): Promise<CompanyMemberRow[]> {
  return db.query<CompanyMemberRow>(
    `select u.id as user_id, u.uuid::text as uuid, u.first_name, u.last_name, u.email, m.role, m.patrol_status
       from memberships m join users u on u.id = m.user_id
      where m.company_id = $1 order by u.first_name, u.last_name, u.id`,
    [scope.companyId],
  );
}
