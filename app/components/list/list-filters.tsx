import { Form, Link, useLocation, useSearchParams } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { SubmitRow } from '~/components/forms/button'
import { useIsPending } from '~/components/forms/use-is-pending'
import { ListExport } from './list-export'

export type Option = { id: number | string; name: string }

/** One filter of a list: its query parameter, its label and its kind of control. */
export type FilterDef<Name extends string = string> =
  | { type: 'select'; name: Name; label: string; options: ReadonlyArray<Option> }
  | { type: 'number'; name: Name; label: string }
  | { type: 'search'; name: Name; label: string }
  | { type: 'date'; name: Name; label: string; fallback: string }

/**
 * The filter form of a list: a GET form, so the filters live in the URL (a filtered list can be
 * bookmarked and works without JavaScript). The values shown are the URL's; `keep` carries
 * parameters that are not filters (the tab).
 *
 * The form folds behind a "Filters" disclosure, a `<details>` that needs no JavaScript: open when
 * a filter is active, closed otherwise; on wide screens the stylesheet always shows the form.
 * While a filter is active, the list's first line says which ("Showing: Status Cancelled, Order
 * number 123 — Clear"), also when the server brought back the user's remembered place; its Clear
 * links to the list without them (with only a sort or a page kept, Clear filters sits by
 * Search). `exportAs` adds the list's Export (CSV) under the form, which sends the form's fields.
 */
export function ListFilters({
  label,
  filters,
  keep = {},
  formId = 'list-filters',
  exportAs,
}: {
  label: string
  filters: ReadonlyArray<FilterDef>
  keep?: Record<string, string>
  /** The form's id, for buttons outside it that send its fields (`form=`, `formaction`). */
  formId?: string
  /** The list's export (its name in /lists/<name>/export.csv) and how many rows it has. */
  exportAs?: { list: string; total: number }
}) {
  const [params] = useSearchParams()
  const { pathname } = useLocation()
  const searching = useIsPending({ formMethod: 'GET' })
  const active = filters.some((f) => Boolean(params.get(f.name)))
  // A list remembers its place (filters, sort, page): 'Clear filters' shows while any is set and
  // asks the server to forget it (`clear`), else the bare list would bring the place back.
  const placed =
    active || params.has('sort') || params.has('dir') || (params.get('page') ?? '1') !== '1'
  const clear = new URLSearchParams({ ...keep, clear: '1' }).toString()
  const valueOf = (f: FilterDef) => params.get(f.name) ?? (f.type === 'date' ? f.fallback : '')
  // The controls are uncontrolled: after a client-side navigation to other filters (Clear
  // filters, Back), show the URL's values, as a page load would. Not when the form first mounts:
  // its controls then show the server's values already, or what the user chose while the page's
  // code was on its way (a slow link), which hydrating must not undo.
  const form = useRef<HTMLFormElement>(null)
  const shown = new URLSearchParams(filters.map((f) => [f.name, valueOf(f)])).toString()
  const applied = useRef(shown)
  useEffect(() => {
    if (applied.current === shown) return
    applied.current = shown
    for (const [name, value] of new URLSearchParams(shown)) {
      const control = form.current?.elements.namedItem(name)
      if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement)
        control.value = value
    }
  }, [shown])
  return (
    <>
      {active ? (
        <p className="list-showing">
          Showing:{' '}
          {filters
            .flatMap((f) => {
              const value = params.get(f.name)
              return value ? [`${shortLabel(f.label)} ${shownValue(f, value)}`] : []
            })
            .join(', ')}{' '}
          —{' '}
          <Link to={`${pathname}?${clear}`} aria-label="Clear filters">
            Clear
          </Link>
        </p>
      ) : null}
      <details className="filters-disclosure" open={active || undefined}>
        <summary className="filters-disclosure__summary">Filters</summary>
        <Form
          ref={form}
          id={formId}
          method="get"
          className="filters"
          role="search"
          aria-label={label}
        >
          {Object.entries(keep).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {/* A search keeps the list's sort (and starts again on page 1). */}
          {['sort', 'dir'].flatMap((name) => {
            const value = params.get(name)
            return value ? [<input key={name} type="hidden" name={name} value={value} />] : []
          })}
          {filters.map((f) => (
            <div className="field" key={f.name}>
              <label htmlFor={`filter-${f.name}`} className="field__label">
                {f.label}
              </label>
              <FilterControl filter={f} value={valueOf(f)} />
            </div>
          ))}
          <SubmitRow label="Search" pending={searching} className="filters__actions">
            {placed && !active ? (
              <Link to={`${pathname}?${clear}`} className="filters__clear">
                Clear filters
              </Link>
            ) : null}
          </SubmitRow>
        </Form>
      </details>
      {exportAs ? <ListExport {...exportAs} formId={formId} /> : null}
    </>
  )
}

/** A filter's name in the Showing line: "Search by order Number" is "Order number". */
function shortLabel(label: string) {
  const name = label.replace(/^Search by /i, '')
  return name.charAt(0).toUpperCase() + name.slice(1).toLowerCase()
}

/** A filter's value as its control shows it: a choice by its name. */
function shownValue(filter: FilterDef, value: string) {
  if (filter.type !== 'select') return value
  return filter.options.find((o) => String(o.id) === value)?.name ?? value
}

function FilterControl({ filter, value }: { filter: FilterDef; value: string }) {
  const common = {
    id: `filter-${filter.name}`,
    name: filter.name,
    defaultValue: value,
    className: 'field__input',
  }
  switch (filter.type) {
    case 'select':
      return (
        <select {...common}>
          <option value="">All</option>
          {filter.options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      )
    case 'number':
      return <input {...common} type="number" inputMode="numeric" min={1} />
    case 'search':
      return <input {...common} type="search" />
    case 'date':
      return <input {...common} type="date" />
  }
}
