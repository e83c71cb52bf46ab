import { Link } from "react-router-dom"

/** A hub order's code on one line, linking to its Medusa order when there is one. */
export const HubOrderLink = ({ code, orderId }: { code: string; orderId: string | null }) =>
  orderId ? (
    <Link to={`/orders/${orderId}`} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover whitespace-nowrap">
      {code}
    </Link>
  ) : (
    <span className="whitespace-nowrap">{code}</span>
  )
