/*
 * A product's measures on the hub: weight in kilograms, height, width and length in centimetres
 * (docs/hub-public-facts.md, Creating products). Medusa keeps bare numbers in whatever unit the store
 * chose, which options `weightUnit` and `dimensionUnit` name.
 *
 * Exact decimal arithmetic (MathBN, Medusa's bignumber.js): a float product such as 1234 * 0.001
 * gives 1.2340000000000002, and 10 * 2.54 drifts the same way; bignumber.js multiplies the decimal
 * digits exactly, and the conversion factors below are exact by definition (1 lb = 0.45359237 kg,
 * 1 oz = 1/16 lb, 1 in = 2.54 cm), so the only rounding is the one chosen here.
 */
import { MathBN } from "@medusajs/framework/utils"

export const WEIGHT_UNITS = ["g", "kg", "lb", "oz"] as const
export type WeightUnit = (typeof WEIGHT_UNITS)[number]
export const DIMENSION_UNITS = ["cm", "mm", "m", "in"] as const
export type DimensionUnit = (typeof DIMENSION_UNITS)[number]

/** Kilograms per unit, as decimal strings so nothing is a float before the multiplication. */
const KG_PER: Record<WeightUnit, string> = { g: "0.001", kg: "1", lb: "0.45359237", oz: "0.028349523125" }
/** Centimetres per unit. */
const CM_PER: Record<DimensionUnit, string> = { mm: "0.1", cm: "1", m: "100", in: "2.54" }

/*
 * Kilograms to 3 decimals: a gram, so every whole-gram weight goes exactly and pounds and ounces
 * (whose kilograms run to 8 or 12 decimals) stop at the precision freight is priced at.
 * Centimetres to 2 decimals: a tenth of a millimetre, so every millimetre and every whole inch
 * (2.54 cm) goes exactly, and nothing finer than a tape measure reads is invented.
 */
export const KG_DECIMALS = 3
export const CM_DECIMALS = 2

const ROUND_HALF_UP = 4

export type HubMeasureField = "weight" | "height" | "width" | "length"

/** A measure on the hub's terms, or why it cannot be sent (the text says what to do). */
export type HubMeasure = { value: number } | { problem: string }

/**
 * One measure in the hub's unit from the first of `values` given (the variant's, then the
 * product's: a variant left empty inherits the product's). Rounded half up; a positive measure
 * smaller than the last decimal becomes that decimal (0.001 kg, 0.01 cm), since the hub takes only
 * values above 0 and the item is not weightless. Zero or negative is a problem, never sent.
 */
export function hubMeasure(
  field: HubMeasureField,
  values: ReadonlyArray<number | null | undefined>,
  units: { weightUnit: WeightUnit; dimensionUnit: DimensionUnit }
): HubMeasure {
  const given = values.find(present)
  if (given === undefined) return { problem: `set the variant's or the product's ${field}` }
  if (!(given > 0)) return { problem: `set a ${field} above 0 (it is ${given})` }
  const [factor, decimals] = field === "weight" ? [KG_PER[units.weightUnit], KG_DECIMALS] : [CM_PER[units.dimensionUnit], CM_DECIMALS]
  const converted = MathBN.mult(given, factor).decimalPlaces(decimals, ROUND_HALF_UP)
  const step = MathBN.convert(1).shiftedBy(-decimals)
  return { value: (converted.isZero() ? step : converted).toNumber() }
}

function present(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value)
}
