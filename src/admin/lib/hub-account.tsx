import { useQuery } from "@tanstack/react-query"
import { createContext, type ReactNode, useContext, useState } from "react"
import type { HubConnectionAnswer } from "../../api/admin/hub/types"
import { sdk } from "./sdk"

/** The account the plugin's own options describe (src/modules/hub/accounts.ts, DEFAULT_ACCOUNT). */
const DEFAULT_ACCOUNT = "default"

/** Where the hub page remembers the account last chosen, in this browser. */
const REMEMBERED = "medusa-plugin-hub:account"

type HubAccountChoice = {
  /** The account the page shows. */
  account: string
  /** The store's hub accounts, `default` first. */
  accounts: string[]
  /** What the admin calls an account: its option `name`, else its id. */
  nameOf(account: string): string
  choose(account: string): void
}

const HubAccountContext = createContext<HubAccountChoice>({ account: DEFAULT_ACCOUNT, accounts: [DEFAULT_ACCOUNT], nameOf: (id) => id, choose: () => undefined })

function remembered(): string {
  try {
    return window.localStorage.getItem(REMEMBERED) ?? DEFAULT_ACCOUNT
  } catch {
    return DEFAULT_ACCOUNT
  }
}

function useHubAccountList(): HubConnectionAnswer | undefined {
  return useQuery({
    queryKey: ["hub", "accounts"],
    queryFn: () => sdk.client.fetch<HubConnectionAnswer>("/admin/hub/connection"),
    staleTime: Number.POSITIVE_INFINITY,
  }).data
}

/** The store's hub accounts (option `accounts`), as the connection route lists them. */
export function useHubAccounts(): string[] {
  return useHubAccountList()?.accounts ?? [DEFAULT_ACCOUNT]
}

/** What the admin calls each account (option `name`, else its id), outside the pages' provider too (the order and product cards). */
export function useHubAccountName(): (account: string) => string {
  const names = useHubAccountList()?.names
  return (account) => names?.[account] ?? account
}

/**
 * The hub page's choice of account: every per-account section reads the one chosen, and the choice
 * is remembered in this browser. An account remembered that the store no longer has reads as `default`.
 */
export const HubAccountProvider = ({ children }: { children: ReactNode }) => {
  const accounts = useHubAccounts()
  const nameOf = useHubAccountName()
  const [chosen, setChosen] = useState(remembered)
  const account = accounts.includes(chosen) ? chosen : DEFAULT_ACCOUNT
  const choose = (next: string) => {
    setChosen(next)
    try {
      window.localStorage.setItem(REMEMBERED, next)
    } catch {
      // A browser that keeps nothing still switches; it forgets on reload.
    }
  }
  return <HubAccountContext.Provider value={{ account, accounts, nameOf, choose }}>{children}</HubAccountContext.Provider>
}

/** The account the hub page shows, the store's accounts, and how to choose another. */
export function useHubAccount(): HubAccountChoice {
  return useContext(HubAccountContext)
}

/** Whether the store has several hub accounts: only then does the admin name them. */
export function useSeveralHubAccounts(): boolean {
  return useHubAccounts().length > 1
}
