import type { ConflictReason } from "@atalaya/shared";
import texts from "@atalaya/shared/locales/es/portal-core.json";
import reportLife from "@atalaya/shared/locales/es/report-life.json";
import { withReasons } from "./assemble";

/** The Spanish texts the login page and the API's errors need (`@atalaya/shared/locales/es/portal-core.json`):
 * the first download holds only these; es.ts (every other section) loads with the first route that is not
 * the login (i18n.ts). The report-life reasons' texts are the catalogue the server answers with too
 * (`report-life.json`). */
export const esCore = withReasons(texts, reportLife);

// Why a 409 refused the action (CONFLICT_REASONS); a reason missing here is a compile error.
esCore.errors.reasons satisfies Record<ConflictReason, string>;
