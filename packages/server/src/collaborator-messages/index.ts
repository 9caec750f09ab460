// Messages to collaborators (issue 15): composed to members, teams or everyone, read receipts, unread count.
export { collaboratorMessageRoutes } from "./collaborator-message.routes.js";
