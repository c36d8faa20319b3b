/**
 * A readable, offline reference of /api/v1, rendered on the server from the OpenAPI document: no
 * CDN and no client script, so it loads fast on a weak connection and passes our CSP.
 */
import { openApiDocument } from './openapi.server'

type Schema = Record<string, unknown>
type Operation = {
  summary?: string
  description?: string
  tags?: string[]
  security?: unknown[]
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>
  requestBody?: { content: Record<string, { schema: Schema }> }
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A schema written as a compact, readable outline. */
function outline(schema: Schema | undefined, indent = ''): string {
  if (!schema) return 'any'
  const type = schema.type ?? (schema.anyOf ? 'one of' : 'any')
  if (type === 'object' && schema.properties) {
    const required = new Set((schema.required as string[] | undefined) ?? [])
    const props = Object.entries(schema.properties as Record<string, Schema>).map(
      ([name, prop]) =>
        `${indent}  ${name}${required.has(name) ? '' : '?'}: ${outline(prop, `${indent}  `)}`,
    )
    return `{\n${props.join('\n')}\n${indent}}`
  }
  if (type === 'array') return `${outline(schema.items as Schema, indent)}[]`
  if (schema.enum) return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ')
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  if (Array.isArray(schema.type)) return schema.type.join(' | ')
  return String(type)
}

function operationHtml(method: string, path: string, op: Operation) {
  const params = (op.parameters ?? [])
    .map(
      (p) =>
        `<tr><td><code>${escape(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escape(outline(p.schema))}</code></td></tr>`,
    )
    .join('')
  const body = op.requestBody
    ? Object.entries(op.requestBody.content)
        .map(
          ([type, c]) =>
            `<h4>Body <code>${type}</code></h4><pre>${escape(outline(c.schema))}</pre>`,
        )
        .join('')
    : ''
  const responses = Object.entries(op.responses)
    .map(([status, r]) => {
      const schema = r.content ? Object.values(r.content)[0]?.schema : undefined
      return `<details${status.startsWith('2') ? ' open' : ''}><summary><strong>${status}</strong> ${escape(r.description)}</summary>${schema ? `<pre>${escape(outline(schema))}</pre>` : ''}</details>`
    })
    .join('')
  const id = `${method}-${path}`.replace(/[^\w]+/g, '-')
  return `<section class="op" id="${id}">
<h3><span class="method method--${method}">${method.toUpperCase()}</span> <code>/api/v1${escape(path)}</code></h3>
<p>${escape(op.summary ?? '')}${op.security?.length === 0 ? ' <em>(no sign-in)</em>' : ''}</p>
${op.description ? `<p class="muted">${escape(op.description)}</p>` : ''}
${params ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Required</th><th>Type</th></tr></thead><tbody>${params}</tbody></table>` : ''}
${body}
<h4>Responses</h4>${responses}
</section>`
}

let cached: string | undefined

export function apiDocsHtml() {
  if (cached) return cached
  const doc = openApiDocument() as {
    info: { title: string; description: string }
    paths: Record<string, Record<string, Operation>>
  }
  const byTag = new Map<string, string[]>()
  const toc = new Map<string, string[]>()
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'Other'
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)])
      const id = `${method}-${path}`.replace(/[^\w]+/g, '-')
      toc.set(tag, [
        ...(toc.get(tag) ?? []),
        `<li><a href="#${id}">${method.toUpperCase()} ${escape(path)}</a></li>`,
      ])
    }
  }
  const nav = [...toc].map(([tag, items]) => `<li>${tag}<ul>${items.join('')}</ul></li>`).join('')
  const sections = [...byTag]
    .map(([tag, ops]) => `<h2 id="tag-${tag}">${tag}</h2>${ops.join('')}`)
    .join('')
  cached = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)}</title><link rel="stylesheet" href="/api-docs.css"></head>
<body><header><h1>${escape(doc.info.title)}</h1><p>${escape(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/v1/openapi.json">openapi.json</a> (OpenAPI 3.1).</p></header>
<div class="layout"><nav aria-label="Endpoints"><ul>${nav}</ul></nav><main>${sections}</main></div></body></html>`
  return cached
}
