// The part of negotiator 0.6.4 (package.json) the app calls: its encoding negotiation with the
// `preferred` order that `compression` passes too (added in 0.6.4; @types/negotiator has no such
// argument).
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> })
    /** The best of `available` for the request's Accept-Encoding; `preferred` breaks ties. */
    encoding(available: readonly string[], preferred?: readonly string[]): string | undefined
  }
}
