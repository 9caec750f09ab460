// Messages to collaborators (issue 15): composed to members, teams or everyone, read receipts, unread count.
import type { Domain } from "../context.js";
import { collaboratorMessageRoutes } from "./collaborator-message.routes.js";

/** The collaborator messages domain in the application: its routes; domains.ts lists it. */
export const collaboratorMessagesDomain: Domain = {
  name: "collaborator-messages",
  routes: collaboratorMessageRoutes,
};
