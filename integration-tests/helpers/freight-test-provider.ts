import { AbstractFulfillmentProviderService, ModuleProvider, Modules } from "@medusajs/framework/utils"

/*
 * A fulfillment provider with calculated prices, registered only in the test and bench stores
 * (medusa-config.ts, HUB_FREIGHT_TEST_PROVIDER=true): its price is 10 + 2 per kg of the items. A test
 * holds its answers on a promise it controls (`freightTestProvider().hold()`), never on a clock; the
 * bench makes it slow with HUB_FREIGHT_TEST_PROVIDER_DELAY_MS.
 */

type Control = { calls: number; extra: number; failure: string | null; gate: Promise<void> | null; release: () => void }

/** The provider's control, shared with the test through globalThis (one process, one jest registry or not). */
export function freightTestProvider() {
  const slot = globalThis as { __hubFreightTestProvider?: Control }
  slot.__hubFreightTestProvider ??= { calls: 0, extra: 0, failure: null, gate: null, release: () => undefined }
  const control = slot.__hubFreightTestProvider
  return {
    get calls() {
      return control.calls
    },
    /** Adds to every price from now on (a carrier's new table). */
    setExtra(amount: number) {
      control.extra = amount
    },
    /** Fails every call from now on with this message (a carrier's error text); null: answers again. */
    fail(message: string | null) {
      control.failure = message
    },
    /** Holds every answer until `release()`. */
    hold() {
      control.gate = new Promise((resolve) => (control.release = () => { control.gate = null; resolve() }))
    },
    release() {
      control.release()
    },
    control,
  }
}

class FreightTestProviderService extends AbstractFulfillmentProviderService {
  static identifier = "hub-freight-test"

  async getFulfillmentOptions() {
    return [{ id: "carrier" }]
  }
  async validateOption() {
    return true
  }
  async validateFulfillmentData(_optionData: Record<string, unknown>, data: Record<string, unknown>) {
    return data
  }
  async canCalculate() {
    return true
  }
  async calculatePrice(...[, , context]: Parameters<AbstractFulfillmentProviderService["calculatePrice"]>) {
    const { control } = freightTestProvider()
    control.calls++
    const grams = (context.items ?? []).reduce((sum, item) => sum + Number(item.variant?.weight ?? 0) * Number(item.quantity ?? 1), 0)
    const amount = 10 + (2 * grams) / 1000 + control.extra
    const delay = Number(process.env.HUB_FREIGHT_TEST_PROVIDER_DELAY_MS ?? 0)
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay))
    if (control.gate) await control.gate
    if (control.failure) throw new Error(control.failure)
    return { calculated_amount: amount, is_calculated_price_tax_inclusive: false }
  }
  async createFulfillment() {
    return { data: {}, labels: [] }
  }
  async cancelFulfillment() {
    return {}
  }
}

export default ModuleProvider(Modules.FULFILLMENT, { services: [FreightTestProviderService] })
