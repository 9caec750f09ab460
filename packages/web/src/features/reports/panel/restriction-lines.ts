import { localizedName, reportTypeById } from "@atalaya/shared";

/** The lines that describe what limits the user's view (SPEC §6), empty when nothing does. */
export function restrictionLines(
  user: { zones: readonly number[]; reportTypes: readonly number[]; settings: { onlyAssignedReports?: boolean } },
  lang: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): string[] {
  const lines: string[] = [];
  if (user.zones.length > 0) lines.push(t("events.restricted.zones", { count: user.zones.length }));
  if (user.reportTypes.length > 0) {
    const names = user.reportTypes.map((id) => {
      const type = reportTypeById(id);
      return type ? localizedName(type.nameLocalized, lang) : `#${id}`;
    });
    lines.push(t("events.restricted.types", { types: names.join(", ") }));
  }
  if (user.settings.onlyAssignedReports) lines.push(t("events.restricted.assigned"));
  return lines;
}
