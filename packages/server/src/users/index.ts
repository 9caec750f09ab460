// The users domain as other domains see it: locking an account (which revokes its tokens).
export { setUserLocked } from "./user.repository.js";
