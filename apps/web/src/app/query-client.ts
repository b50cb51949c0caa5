// The TanStack Query client: API errors are already shown as toasts by the API client, so no retries on them.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      retry: (count, error) => !(error instanceof ApiError && error.status > 0) && count < 1,
    },
    mutations: { retry: false },
  },
});
