import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";

/**
 * The team's pages' query cache, as its reads need it: a failure is said at once, not after
 * retries (the member reads again, or the live inbox does); nothing is read again for a window's
 * focus or a network's return (the live inbox reads what it hears went stale, and everything
 * after its connection comes back); and a read is tried whatever the browser says of its network.
 */
export function createTeamQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        networkMode: "always",
      },
      mutations: { retry: false, networkMode: "always" },
    },
  });
}

/**
 * The one query cache of the team's pages (the inbox and the site's editor inside it), made
 * when a signed-in member's inbox opens and dropped when it closes: the next member who signs
 * in on this browser starts from nothing. Kept in a feature, not among the shared parts
 * (src/web/lib and the like), which the build puts in the chunk every public page loads
 * (vite.config.ts): TanStack Query travels with the team's route alone.
 */
export function TeamQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createTeamQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
