import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api";

/** Server state cache: retries only network failures and 5xx, twice. One for the portal, here below the
 * features so that a route's loader can start its queries beside the route's code. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) =>
        failureCount < 2 && (!isApiError(error) || error.status === 0 || error.status >= 500),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
