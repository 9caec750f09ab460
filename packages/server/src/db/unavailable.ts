// Which failures mean "the database cannot be reached right now" (the client may retry), as opposed to
// a fault in a statement: the API answers those with 503 and Retry-After instead of 500.

// SQLSTATE classes and codes of a lost or refused connection: 08 connection exception, 57P01–57P03 the
// server shutting down or terminating the backend, 53300 too many connections.
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "ENOTFOUND"]);
// node-postgres' own words for a connection it lost or could not get in time.
const LOST = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|not currently accepting connections|the database system is (starting up|shutting down|in recovery mode)/i;

/** True when err (or what caused it) says the database is unreachable, not that a statement is wrong. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_STATES.test(code) || NETWORK_CODES.has(code))) return true;
    if (LOST.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
