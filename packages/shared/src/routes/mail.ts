import { mailOutboxQuerySchema, mailOutboxResponseSchema } from "../signup.js";
import { defineRoutes } from "./route.js";

/** The routes of the server's mail/ folder (mail/mail.routes.ts). */
export const mailRouteTable = defineRoutes({
  getAdminMail: {
    method: "GET",
    path: "/api/admin/mail",
    tags: ["provider"],
    summary: "Stored mails, newest first, optionally to one address (provider administrators)",
    access: { kind: "provider" },
    query: mailOutboxQuerySchema,
    answer: mailOutboxResponseSchema,
    errors: [400, 403],
  },
});
