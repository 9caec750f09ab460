import { isApiError } from "../../lib/api";

/** Text shown for a failed login: the translated code, else the server's message, else `Error {status}`. */
export function loginErrorText(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.translated) return error.message;
  return error.serverMessage ?? error.message;
}
