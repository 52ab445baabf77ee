import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already retries the one recoverable failure (a refused envelope key) and toasts the
    // rest; a second retry layer would repeat toasts and hide real faults.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
