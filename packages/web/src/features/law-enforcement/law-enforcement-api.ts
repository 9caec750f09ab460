import {
  lawEnforcementCreatedSchema,
  lawEnforcementRouteTable as lawEnforcement,
  type LawEnforcementFile,
  type LawEnforcementRequest,
  type LawEnforcementRequestBody,
  type LawEnforcementState,
} from "@atalaya/shared";
import { ApiError } from "../../lib/api";
import { call, queryKeyOf } from "../../lib/call";
import { getSession } from "../session";

/** `POST /api/law-enforcement/access`: mails the form's link to an institutional e-mail. */
export function requestAccess(email: string, acceptTerms: boolean): Promise<{ success: true }> {
  // Unchecked terms are sent too: the server's termsRequired is the message the page shows.
  return call(lawEnforcement.postLawEnforcementAccess, { body: { email, acceptTerms: acceptTerms as true }, redirectOnUnauthorized: false });
}

/** `GET /api/law-enforcement/link?token=`: the e-mail of a valid link. */
export async function linkEmail(token: string): Promise<string> {
  return (await call(lawEnforcement.getLawEnforcementLink, { query: { token }, redirectOnUnauthorized: false })).email;
}

/** `POST /api/law-enforcement/requests`: answers the reference number. With files, a multipart form:
 * the body as JSON in `request` and each file in `files` (sent instead of the JSON body). */
export async function submitRequest(body: LawEnforcementRequestBody, files: readonly File[] = []): Promise<string> {
  let form: FormData | undefined;
  if (files.length > 0) {
    form = new FormData();
    form.append("request", JSON.stringify(body));
    for (const file of files) form.append("files", file, file.name);
  }
  // The route answers 201 only, which its entry lists under `also`: the answer is checked here.
  return lawEnforcementCreatedSchema.parse(await call(lawEnforcement.postLawEnforcementRequests, { body, form, redirectOnUnauthorized: false })).reference;
}

/** Downloads a request's file (provider administrators): fetched with the token, which a plain link
 * cannot send, and saved under the sender's file name. */
export async function downloadRequestFile(file: LawEnforcementFile): Promise<void> {
  const token = getSession()?.token;
  const response = await fetch(file.url, { headers: token ? { "access-token": token } : {}, credentials: "same-origin" });
  if (!response.ok) throw new ApiError({ message: `Error ${response.status}`, status: response.status });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = file.originalName ?? file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** TanStack Query key of the provider's list of requests. */
export const lawEnforcementKeys = { requests: queryKeyOf(lawEnforcement.getAdminLawEnforcementRequests) };

/** `GET /api/admin/law-enforcement/requests` (provider administrators). */
export async function fetchRequests(signal?: AbortSignal): Promise<LawEnforcementRequest[]> {
  return (await call(lawEnforcement.getAdminLawEnforcementRequests, { signal })).requests;
}

/** `PUT /api/admin/law-enforcement/requests/{id}/state`. */
export async function setRequestState(id: number, state: LawEnforcementState): Promise<LawEnforcementRequest> {
  return (await call(lawEnforcement.putAdminLawEnforcementRequestsByIdState, { params: { id }, body: { state } })).request;
}
