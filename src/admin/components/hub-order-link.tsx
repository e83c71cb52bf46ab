import { Link } from "react-router-dom"
import { useHubAccountName, useSeveralHubAccounts } from "../lib/hub-account"

/**
 * A hub order's code on one line, linking to its Medusa order when there is one; in a store with
 * several hub accounts, its account beside it (two accounts may each have an order of one code, and
 * a list of every account's orders must say whose each is).
 */
export const HubOrderLink = ({ code, orderId, account }: { code: string; orderId: string | null; account: string }) => {
  const nameOf = useHubAccountName()
  const named = useSeveralHubAccounts() ? <span className="text-ui-fg-subtle" data-testid="hub-order-account"> · {nameOf(account)}</span> : null
  return orderId ? (
    <span className="whitespace-nowrap">
      <Link to={`/orders/${orderId}`} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover">
        {code}
      </Link>
      {named}
    </span>
  ) : (
    <span className="whitespace-nowrap">
      {code}
      {named}
    </span>
  )
}
