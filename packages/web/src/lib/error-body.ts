// The schema of a failed call's body, in a module of its own so that the API client loads it (and zod
// with it) with the first failure rather than in the login page's first download.
export { errorBodySchema } from "@atalaya/shared";
