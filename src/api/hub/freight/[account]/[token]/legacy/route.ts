import { answerFreightQuote } from "../../../answer-quote"

/** The hub's legacy contract, for a hub not yet moved to its partner's. */
export const POST = answerFreightQuote("legacy")
