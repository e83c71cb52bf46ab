import { Link } from "react-router-dom"
import { DEFAULT_ACCOUNT } from "../lib/hub-account"

/**
 * A hub order's code on one line, linking to its Medusa order when there is one; an added account's
 * order with its account beside it (two accounts may each have an order of one code), the account
 * `default`'s as in a store of one account.
 */
export const HubOrderLink = ({ code, orderId, account }: { code: string; orderId: string | null; account: string }) => {
  const named = account !== DEFAULT_ACCOUNT ? <span className="text-ui-fg-subtle" data-testid="hub-order-account"> · {account}</span> : null
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
