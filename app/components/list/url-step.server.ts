import { positiveInt } from '~/schemas/list-queries'
import type { UrlStep } from './url-step'

/**
 * The step the URL asks for: the first of `steps` whose id `find` knows (it returns the target,
 * or nothing for an unknown row or one the step does not apply to).
 */
export function readUrlStep<Step extends string, Target extends UrlStep<Step>>(
  params: URLSearchParams,
  steps: ReadonlyArray<Step>,
  find: (step: Step, id: number) => Target | null | undefined,
): Target | null {
  for (const step of steps) {
    const id = positiveInt.safeParse(params.get(step) ?? '')
    const target = id.success ? find(step, id.data) : null
    if (target) return target
  }
  return null
}
