import { useCallback, useMemo } from "react";
import { useLocation, useNavigate } from "react-router";
import { readAddress, writeAddress, type InboxAddress } from "../model/filter.ts";

/**
 * The filter, page and open submission live in the address: back, forward and reload keep
 * them. Read with useLocation and useNavigate, which every page already loads, rather than
 * useSearchParams, which public pages would then carry too.
 */
export function useInboxAddress() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const address = useMemo(() => readAddress(new URLSearchParams(search)), [search]);
  const hrefFor = useCallback(
    (next: Partial<InboxAddress>) => {
      const query = writeAddress({ ...address, ...next }).toString();
      return query ? `?${query}` : "?";
    },
    [address],
  );
  const go = useCallback(
    (next: Partial<InboxAddress>) => void navigate(hrefFor(next)),
    [hrefFor, navigate],
  );
  return { address, hrefFor, go };
}
