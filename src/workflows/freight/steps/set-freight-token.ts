import { randomBytes } from "node:crypto"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { HUB_MODULE } from "../../../modules/hub"
import type HubModuleService from "../../../modules/hub/service"
import { freightTokens } from "../../../queries/freight-kept"

/** 32 random bytes, URL-safe: the only secret of a quote route (docs/freight.md). */
export const newFreightToken = (): string => randomBytes(32).toString("base64url")

/** Sets the account's new token; compensated by putting the one it replaced back. */
export const setFreightTokenStep = createStep(
  "set-hub-freight-token",
  async ({ account }: { account: string }, { container }) => {
    const hubModule = container.resolve<HubModuleService>(HUB_MODULE)
    // An unknown account is refused, naming it.
    const { freight } = hubModule.account(account).records
    const token = newFreightToken()
    const previous = await freight.setToken(token)
    // This process answers with it at once; others within their kept tokens' expiry (docs/freight.md).
    freightTokens(container).set(account, token)
    return new StepResponse({ account, token }, { account, previous })
  },
  async (undo, { container }) => {
    if (!undo) return
    await container.resolve<HubModuleService>(HUB_MODULE).account(undo.account).records.freight.setToken(undo.previous)
    freightTokens(container).set(undo.account, undo.previous)
  }
)

/** Removes the account's token: its quote routes answer as missing routes until a new one is made. Compensated by putting it back. */
export const removeFreightTokenStep = createStep(
  "remove-hub-freight-token",
  async ({ account }: { account: string }, { container }) => {
    const hubModule = container.resolve<HubModuleService>(HUB_MODULE)
    const previous = await hubModule.account(account).records.freight.setToken(null)
    freightTokens(container).set(account, null)
    return new StepResponse({ account }, { account, previous })
  },
  async (undo, { container }) => {
    if (!undo?.previous) return
    await container.resolve<HubModuleService>(HUB_MODULE).account(undo.account).records.freight.setToken(undo.previous)
    freightTokens(container).set(undo.account, undo.previous)
  }
)
