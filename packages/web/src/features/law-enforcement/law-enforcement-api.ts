import { z } from "zod";
import {
  lawEnforcementCreatedSchema,
  lawEnforcementListSchema,
  lawEnforcementRequestSchema,
  lawEnforcementTokenResponseSchema,
  signupSuccessSchema,
  type LawEnforcementRequest,
  type LawEnforcementRequestBody,
  type LawEnforcementState,
} from "@atalaya/shared";
import { api } from "../../lib/api";

/** `POST /api/law-enforcement/access`: mails the form's link to an institutional e-mail. */
export function requestAccess(email: string, acceptTerms: boolean): Promise<{ success: true }> {
  return api.post("/law-enforcement/access", { email, acceptTerms }, { schema: signupSuccessSchema, redirectOnUnauthorized: false });
}

/** `GET /api/law-enforcement/link?token=`: the e-mail of a valid link. */
export async function linkEmail(token: string): Promise<string> {
  return (await api.get("/law-enforcement/link", { query: { token }, schema: lawEnforcementTokenResponseSchema, redirectOnUnauthorized: false })).email;
}

/** `POST /api/law-enforcement/requests`: answers the reference number. */
export async function submitRequest(body: LawEnforcementRequestBody): Promise<string> {
  return (await api.post("/law-enforcement/requests", body, { schema: lawEnforcementCreatedSchema, redirectOnUnauthorized: false })).reference;
}

export const lawEnforcementKeys = { requests: ["law-enforcement-requests"] as const };

/** `GET /api/admin/law-enforcement/requests` (provider administrators). */
export async function fetchRequests(signal?: AbortSignal): Promise<LawEnforcementRequest[]> {
  return (await api.get("/admin/law-enforcement/requests", { schema: lawEnforcementListSchema, signal })).requests;
}

/** `PUT /api/admin/law-enforcement/requests/{id}/state`. */
export async function setRequestState(id: number, state: LawEnforcementState): Promise<LawEnforcementRequest> {
  return (await api.put(`/admin/law-enforcement/requests/${id}/state`, { state }, { schema: z.object({ success: z.literal(true), request: lawEnforcementRequestSchema }) })).request;
}
