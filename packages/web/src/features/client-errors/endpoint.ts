import { clientErrorsRouteTable } from "@atalaya/shared";
import { urlOf } from "../../lib/call";

/** Where the portal sends its errors. A module of its own, loaded with the first error: the route's
 * entry brings its schemas and zod with it, which the login page's first download does without. */
export const CLIENT_ERRORS_ENDPOINT = urlOf(clientErrorsRouteTable.postClientErrors);
