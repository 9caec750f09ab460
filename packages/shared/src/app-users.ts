import { z } from "./zod.js";

/** `GET /api/companies/{companyId}/app-users/by-phone?phone=`: a caller's number in international form. */
export const appUserByPhoneQuerySchema = z.object({
  // Digits, spaces and the usual separators only: no control characters, no trimming of a line end.
  phone: z.string().min(6).max(30).regex(/^\+?[\d ().-]+$/, { message: "invalid_phone" }),
});

/** The community user with that phone, to fill the caller's name and e-mail; null when none (or more
 * than one: the operator then types them). */
export const appUserByPhoneResponseSchema = z.object({
  success: z.literal(true),
  user: z.object({ id: z.number(), firstName: z.string(), lastName: z.string(), email: z.string().nullable() }).nullable(),
});
export type AppUserByPhone = NonNullable<z.infer<typeof appUserByPhoneResponseSchema>["user"]>;
