// The reported-users domain: complaints against community users, their impact, and locking them.
export { reportedUserRoutes } from "./reported-users.routes.js";
