/** The largest value of PostgreSQL's `integer`, which holds every id, sequence and count the API takes:
 * a larger number in a path, query or body is a 400, never a database error. */
export const MAX_ID = 2147483647;
