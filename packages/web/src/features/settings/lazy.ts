/** The settings calls with their response schemas (so zod), for the login form, which loads them only
 * once the operator starts typing. */
export const loadSettingsApi = () => import("./settings-api");
