import { createContext, useContext } from "react";

/**
 * The per-request CSP nonce of a page the server renders (none for prerendered pages,
 * whose inline scripts are allowed by hash). Provided by entry.server.tsx.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
