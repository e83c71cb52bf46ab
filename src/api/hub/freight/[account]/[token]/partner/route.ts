import { answerFreightQuote } from "../../../answer-quote"

/** The partner's contract (mandatory since 20 Oct 2025): the address to give the hub's support. */
export const POST = answerFreightQuote("partner")
