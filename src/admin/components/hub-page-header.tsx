import { Container, Heading, Text } from "@medusajs/ui"
import { type ReactNode, useEffect } from "react"
import { useLocation } from "react-router-dom"
import { AccountSelect } from "./account-select"

/**
 * The top of one of the plugin's pages: its heading, what it is for, and the hub account it shows
 * (a choice only in a store with several). A link from the overview may name a section (`#id`): the
 * page scrolls to it once it is drawn (its lists load after the page).
 */
export const HubPageHeader = ({ heading, description, testId, children }: { heading: string; description: string; testId: string; children?: ReactNode }) => {
  const { hash } = useLocation()
  useEffect(() => {
    if (!hash) return
    const observer = new MutationObserver(() => scrollTo(hash.slice(1)) && observer.disconnect())
    if (!scrollTo(hash.slice(1))) observer.observe(document.body, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [hash])
  return (
    <Container className="flex flex-col gap-y-1 px-6 py-4" data-testid={testId}>
      <div className="flex items-center justify-between gap-x-3">
        <Heading level="h1">{heading}</Heading>
        <AccountSelect />
        {children}
      </div>
      <Text size="small" className="text-ui-fg-subtle">
        {description}
      </Text>
    </Container>
  )
}

function scrollTo(id: string): boolean {
  const element = document.getElementById(id)
  element?.scrollIntoView({ behavior: "smooth" })
  return !!element
}
