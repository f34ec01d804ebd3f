/**
 * A readable page for the OpenAPI document, rendered on the server from the document itself.
 * Self-contained (no CDN script or font): our machines and many customers' networks have no
 * route to CDNs.
 */

type Json = Record<string, unknown>

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const pretty = (value: unknown) => escapeHtml(JSON.stringify(value, null, 2))

/** Each media type of a body (JSON, multipart, a file type) with its schema. */
function contentHtml(content: Json): string {
  return Object.entries(content)
    .map(([type, media]) => {
      const schema = (media as Json | undefined)?.schema
      return `<p class="media"><code>${escapeHtml(type)}</code></p>${schema ? `<pre>${pretty(schema)}</pre>` : ''}`
    })
    .join('')
}

function operationHtml(path: string, method: string, op: Json): string {
  const id = escapeHtml(String(op.operationId))
  const parameters = (op.parameters ?? []) as Json[]
  const requestSchema = (op.requestBody as Json | undefined)?.content as Json | undefined
  const responses = Object.entries((op.responses ?? {}) as Record<string, Json>)
  return `
<section class="op" id="${id}">
  <h3><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span>
    <code>${escapeHtml(path)}</code>${op.security ? ' <span class="lock">🔒 Bearer</span>' : ''}</h3>
  <p>${escapeHtml(String(op.summary ?? ''))}</p>
  ${op.description ? `<p class="desc">${escapeHtml(String(op.description))}</p>` : ''}
  ${
    parameters.length > 0
      ? `<h4>Parameters</h4><ul>${parameters
          .map(
            (p) =>
              `<li><code>${escapeHtml(String(p.name))}</code> (${escapeHtml(String(p.in))}${p.required ? ', required' : ''})</li>`,
          )
          .join('')}</ul>`
      : ''
  }
  ${requestSchema ? `<h4>Request body</h4>${contentHtml(requestSchema)}` : ''}
  <h4>Responses</h4>
  <dl>${responses
    .map(([status, response]) => {
      const content = response.content as Json | undefined
      return `<dt>${escapeHtml(status)} — ${escapeHtml(String(response.description ?? ''))}</dt>${
        content ? `<dd>${contentHtml(content)}</dd>` : ''
      }`
    })
    .join('')}</dl>
</section>`
}

export function renderDocsPage(document: Json, schemaUrl: string): string {
  const info = document.info as Json
  const paths = document.paths as Record<string, Record<string, Json>>
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  )
  const toc = operations
    .map(
      ({ path, method, op }) =>
        `<li><a href="#${escapeHtml(String(op.operationId))}"><b>${escapeHtml(method.toUpperCase())}</b> ${escapeHtml(path)}</a></li>`,
    )
    .join('')
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(String(info.title))} — API</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 960px; padding: 1rem; color: #1b1b1b; }
  code, pre { font-family: ui-monospace, monospace; }
  pre { background: #f5f5f7; padding: .75rem; overflow-x: auto; border-radius: 6px; font-size: 13px; }
  .op { border-top: 1px solid #ddd; padding-top: .5rem; margin-top: 1.5rem; }
  .method { display: inline-block; min-width: 4.5em; text-align: center; color: #fff; border-radius: 4px; padding: 0 .4em; font-size: 13px; }
  .get { background: #1f6feb; } .post { background: #1a7f37; } .put, .patch { background: #9a6700; } .delete { background: #cf222e; }
  .lock { font-size: 13px; color: #666; } .desc { color: #444; } dt { font-weight: 600; margin-top: .5rem; }
</style>
</head>
<body>
<h1>${escapeHtml(String(info.title))} <small>${escapeHtml(String(info.version))}</small></h1>
<p>${escapeHtml(String(info.description ?? ''))}</p>
<p>Machine-readable OpenAPI 3.1: <a href="${escapeHtml(schemaUrl)}">${escapeHtml(schemaUrl)}</a></p>
<h2>Operations</h2>
<ul>${toc}</ul>
${operations.map(({ path, method, op }) => operationHtml(path, method, op)).join('\n')}
</body>
</html>`
}
