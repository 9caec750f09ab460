import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "../lib/api";
import { revokeEvictedFileUrls } from "../features/reports/detail/file-url";

/** Server state cache: retries only network failures and 5xx, twice. */
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

revokeEvictedFileUrls(queryClient.getQueryCache());
