// The API reference page (/docs/api): the OpenAPI document the API publishes, rendered on the server as
// plain, keyboard-usable HTML (links and tables; no script, nothing from a CDN). It reads the document
// through the proxy like any other API answer, so it shows whichever API serves the site (the embedded
// one, or API_ORIGIN), and knows nothing of the API's code. Chrome strings come from locales/ (apiDocs.*);
// the operations' own words are the document's (English), marked lang="en".

import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { AppEnv } from '../lib/env';
import type { Translate } from '../lib/i18n';
import { apiJson, callerOf } from '../proxy/caller';
import { API_CONTRACT_PATHS } from '../shared/api-contract';

// ---- The parts of OpenAPI 3.1 this page reads -------------------------------------------------------

export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | Schema;
}
interface Ref {
  $ref: string;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface MediaContent {
  [media: string]: { schema?: Schema };
}
interface Response {
  description?: string;
  content?: MediaContent;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Array<Record<string, unknown>>;
  parameters?: Array<Parameter | Ref>;
  requestBody?: { required?: boolean; content?: MediaContent } | Ref;
  responses?: Record<string, Response | Ref>;
}
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; responses?: Record<string, Response>; parameters?: Record<string, Parameter> };
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface OperationEntry {
  method: (typeof HTTP_METHODS)[number];
  path: string;
  op: Operation;
  /** A stable anchor for the operation (its operationId, else method and path). */
  anchor: string;
}

/** Every operation of the document, in the document's order. */
export function operationsOf(doc: OpenApiDocument): OperationEntry[] {
  const out: OperationEntry[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (op) out.push({ method, path, op, anchor: `op-${(op.operationId ?? `${method}${path}`).replace(/[^A-Za-z0-9_-]/g, '-')}` });
    }
  }
  return out;
}

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

const refName = (ref: string) => decodeURIComponent(ref.split('/').pop() ?? ref);
const schemaAnchor = (name: string) => `schema-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
const isRef = (x: object): x is Ref => '$ref' in x && typeof (x as Ref).$ref === 'string';

/** Follow a component reference (#/components/<kind>/<name>); the value itself when it is none. */
function resolve<T extends object>(doc: OpenApiDocument, value: T | Ref): T | undefined {
  if (!isRef(value)) return value;
  const [, , kind, name] = value.$ref.split('/');
  const table = (doc.components as Record<string, Record<string, unknown>> | undefined)?.[kind ?? ''];
  return table?.[decodeURIComponent(name ?? '')] as T | undefined;
}

/** zod writes the safe-integer range on every integer; it tells a reader nothing. */
const SAFE = Number.MAX_SAFE_INTEGER;

function typeLabel(schema: Schema): Html {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return html`<a href="#${schemaAnchor(name)}">${name}</a>`;
  }
  if (schema.const !== undefined) return html`<code>${JSON.stringify(schema.const)}</code>`;
  if (schema.enum) return html`${schema.enum.map((v, i) => html`${i ? ' | ' : ''}<code>${JSON.stringify(v)}</code>`)}`;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return html`${alternatives.map((s, i) => html`${i ? ' | ' : ''}${typeLabel(s)}`)}`;
  if (schema.allOf) return html`${schema.allOf.map((s, i) => html`${i ? ' & ' : ''}${typeLabel(s)}`)}`;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('array')) return html`${schema.items ? typeLabel(schema.items) : 'any'}[]${types.includes('null') ? ' | null' : ''}`;
  if (types.includes('object') && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    return html`map of ${typeLabel(schema.additionalProperties)}`;
  }
  if (types.length === 0) return html`any`;
  return html`${types.join(' | ')}${schema.format ? ` (${schema.format})` : ''}`;
}

/** Constraints worth telling, in a compact form. */
function constraints(schema: Schema): string[] {
  const out: string[] = [];
  if (schema.pattern) out.push(`pattern ${schema.pattern}`);
  if (schema.minLength !== undefined) out.push(`length ≥ ${schema.minLength}`);
  if (schema.maxLength !== undefined) out.push(`length ≤ ${schema.maxLength}`);
  if (schema.minimum !== undefined && schema.minimum > -SAFE) out.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) out.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined && schema.maximum < SAFE) out.push(`≤ ${schema.maximum}`);
  if (schema.minItems !== undefined) out.push(`items ≥ ${schema.minItems}`);
  if (schema.maxItems !== undefined) out.push(`items ≤ ${schema.maxItems}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

interface Row {
  name: string;
  schema: Schema;
  required: boolean;
}

/** An inline object's own fields (a nullable one's too), or null when the schema is not one. */
function inlineObject(schema: Schema): Schema | null {
  if (schema.properties) return schema;
  const alternatives = (schema.anyOf ?? schema.oneOf ?? []).filter((s) => s.type !== 'null');
  return alternatives.length === 1 && alternatives[0]!.properties ? alternatives[0]! : null;
}

/** The rows of an object's table: each field, and the fields of inline objects and arrays of them under a dotted name. */
function rowsOf(schema: Schema, prefix = ''): Row[] {
  const rows: Row[] = [];
  const required = new Set(schema.required ?? []);
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const full = prefix + name;
    rows.push({ name: full, schema: field, required: required.has(name) });
    const nested = inlineObject(field);
    if (nested) rows.push(...rowsOf(nested, `${full}.`));
    else if (field.items && inlineObject(field.items)) rows.push(...rowsOf(inlineObject(field.items)!, `${full}[].`));
  }
  return rows;
}

interface Labels {
  t: Translate;
}

function notesOf(schema: Schema): Html {
  const parts = [schema.description, ...constraints(schema)].filter((p): p is string => !!p);
  return html`${parts.map((p, i) => html`${i ? '; ' : ''}${p}`)}`;
}

/** A table of fields, or of the alternatives when the body is one of several shapes. */
function schemaTable(schema: Schema, caption: string, { t }: Labels): Html {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (!schema.properties && alternatives && alternatives.every((s) => s.$ref || s.properties)) {
    return html`<p>${t('apiDocs.oneOf')}</p>
      <ul>
        ${alternatives.map((alt, i) => html`<li>${alt.$ref ? typeLabel(alt) : schemaTable(alt, `${caption} (${i + 1})`, { t })}</li>`)}
      </ul>`;
  }
  if (!schema.properties) {
    return html`<p>${t('apiDocs.type')}: ${typeLabel(schema)}${schema.description ? html` <span lang="en">— ${schema.description}</span>` : ''}</p>`;
  }
  return html`<div class="scroll" role="region" tabindex="0" aria-label="${caption}">
    <table>
      <caption>${caption}</caption>
      <thead>
        <tr>
          <th scope="col">${t('apiDocs.field')}</th>
          <th scope="col">${t('apiDocs.type')}</th>
          <th scope="col">${t('apiDocs.required')}</th>
          <th scope="col">${t('apiDocs.notes')}</th>
        </tr>
      </thead>
      <tbody>
        ${rowsOf(schema).map(
          (row) => html`<tr>
            <th scope="row"><code>${row.name}</code></th>
            <td>${typeLabel(row.schema)}</td>
            <td>${row.required ? t('apiDocs.yes') : t('apiDocs.no')}</td>
            <td lang="en">${notesOf(row.schema)}</td>
          </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

function parametersTable(doc: OpenApiDocument, entry: OperationEntry, title: string, { t }: Labels): Html {
  const params = (entry.op.parameters ?? []).map((p) => resolve(doc, p)).filter((p): p is Parameter => !!p);
  if (params.length === 0) return html``;
  const caption = `${t('apiDocs.parameters')}: ${title}`;
  return html`<h4>${t('apiDocs.parameters')}</h4>
    <div class="scroll" role="region" tabindex="0" aria-label="${caption}">
      <table>
        <caption>${caption}</caption>
        <thead>
          <tr>
            <th scope="col">${t('apiDocs.name')}</th>
            <th scope="col">${t('apiDocs.location')}</th>
            <th scope="col">${t('apiDocs.type')}</th>
            <th scope="col">${t('apiDocs.required')}</th>
            <th scope="col">${t('apiDocs.notes')}</th>
          </tr>
        </thead>
        <tbody>
          ${params.map(
            (p) => html`<tr>
              <th scope="row"><code>${p.name}</code></th>
              <td>${p.in}</td>
              <td>${p.schema ? typeLabel(p.schema) : 'any'}</td>
              <td>${p.required ? t('apiDocs.yes') : t('apiDocs.no')}</td>
              <td lang="en">${p.description ?? ''}${p.schema ? notesOf(p.schema) : ''}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
}

function contentBlock(content: MediaContent | undefined, caption: string, labels: Labels): Html {
  const entries = Object.entries(content ?? {});
  if (entries.length === 0) return html`<p>${labels.t('apiDocs.noBody')}</p>`;
  return html`${entries.map(
    ([media, { schema }]) => html`<p class="media"><code>${media}</code></p>
      ${schema ? schemaTable(schema, caption, labels) : ''}`,
  )}`;
}

function operationSection(doc: OpenApiDocument, entry: OperationEntry, labels: Labels): Html {
  const { t } = labels;
  const { method, path, op, anchor } = entry;
  const title = `${method.toUpperCase()} ${path}`;
  const body = op.requestBody ? resolve(doc, op.requestBody) : undefined;
  const security = op.security ?? [];
  const auth = security.length === 0 ? null : security.some((s) => Object.keys(s).length === 0) ? t('apiDocs.authOptional') : t('apiDocs.authRequired');
  return html`<section class="op" id="${anchor}" aria-labelledby="${anchor}-h">
    <h3 id="${anchor}-h"><span class="method method-${method}">${method.toUpperCase()}</span> <code>${path}</code></h3>
    ${op.summary ? html`<p class="summary" lang="en">${op.summary}</p>` : ''}
    ${op.description ? html`<p lang="en">${op.description}</p>` : ''}
    ${auth ? html`<p><strong>${t('apiDocs.auth')}:</strong> ${auth}</p>` : ''}
    ${parametersTable(doc, entry, title, labels)}
    ${body ? html`<h4>${t('apiDocs.requestBody')}</h4>${contentBlock(body.content, `${t('apiDocs.requestBody')}: ${title}`, labels)}` : ''}
    <h4>${t('apiDocs.responses')}</h4>
    <dl class="responses">
      ${Object.entries(op.responses ?? {}).map(([status, value]) => {
        const response = resolve(doc, value);
        return html`<dt><span class="status status-${status.slice(0, 1)}">${status}</span> <span lang="en">${response?.description ?? ''}</span></dt>
          <dd>${contentBlock(response?.content, `${t('apiDocs.response')} ${status}: ${title}`, labels)}</dd>`;
      })}
    </dl>
  </section>`;
}

/** The overview's light markdown (list items, **bold**, `code`), escaped first. */
function markdown(text: string): Html {
  const inline = (line: string) => {
    const escaped = line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    return raw(escaped.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>').replace(/`([^`]+)`/g, '<code>$1</code>'));
  };
  const blocks = text.split(/\n(?=- )|\n\n/);
  const items = blocks.filter((b) => b.startsWith('- '));
  const paragraphs = blocks.filter((b) => !b.startsWith('- '));
  return html`${paragraphs.map((p) => html`<p>${inline(p.replace(/\s*\n\s*/g, ' '))}</p>`)}
    ${items.length ? html`<ul>${items.map((i) => html`<li>${inline(i.slice(2).replace(/\s*\n\s*/g, ' '))}</li>`)}</ul>` : ''}`;
}

const STYLE = `
:root { color-scheme: light; --ink: #1a1a1a; --muted: #555; --line: #d0d0d0; --accent: #0b57d0; --brand: #0b57d0; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, 'Apple SD Gothic Neo', 'Noto Sans KR', sans-serif; color: var(--ink); background: #fff; }
a { color: var(--accent); }
a:focus-visible, [tabindex]:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -9999px; top: 0; background: #fff; padding: 8px 12px; }
.skip:focus { left: 8px; }
header.top { border-top: 6px solid var(--brand); padding: 24px clamp(16px, 4vw, 48px) 8px; }
.layout { display: grid; grid-template-columns: minmax(220px, 300px) minmax(0, 1fr); gap: 32px; padding: 0 clamp(16px, 4vw, 48px) 48px; }
nav.toc { position: sticky; top: 0; align-self: start; max-height: 100vh; overflow: auto; padding: 8px 0; font-size: 14px; }
nav.toc ul { list-style: none; margin: 0 0 16px; padding: 0; }
nav.toc li { margin: 2px 0; }
nav.toc li a { display: flex; gap: 6px; align-items: baseline; }
nav.toc h3 { font-size: 14px; margin: 12px 0 4px; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.92em; overflow-wrap: anywhere; }
.method { display: inline-block; min-width: 4.2em; text-align: center; font: 700 12px/1.9 ui-monospace, monospace; border-radius: 4px; color: #fff; background: #444; }
.method-get { background: #1b6e3a; } .method-post { background: #0b57d0; } .method-put { background: #8a4b00; } .method-delete { background: #b3261e; } .method-patch { background: #6a3ab2; }
.op { border-top: 1px solid var(--line); padding-top: 16px; margin-top: 24px; }
.op h3 { font-size: 18px; margin: 0 0 8px; }
.summary { font-weight: 600; }
.scroll { overflow-x: auto; margin: 8px 0 16px; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
caption { text-align: left; font-size: 13px; color: var(--muted); padding-bottom: 4px; }
th, td { border: 1px solid var(--line); padding: 6px 8px; text-align: left; vertical-align: top; }
thead th { background: #f3f3f3; }
tbody th { font-weight: 400; }
dl.responses dt { font-weight: 600; margin-top: 12px; }
dl.responses dd { margin: 4px 0 0 16px; }
.status { display: inline-block; min-width: 3em; font-family: ui-monospace, monospace; }
.status-2 { color: #1b6e3a; } .status-4 { color: #8a4b00; } .status-5 { color: #b3261e; }
.media { margin: 4px 0; color: var(--muted); }
/* Last, so it wins: one column, and the contents scroll away with the page. */
@media (max-width: 860px) { .layout { grid-template-columns: minmax(0, 1fr); } nav.toc { position: static; max-height: none; } }
`;

/** The whole page. `brandColor` is the brand's validated #rrggbb primary, used only as a stripe. */
export function renderApiReference(doc: OpenApiDocument, t: Translate, locale: string, siteName: string, brandColor: string): Html {
  const labels = { t };
  const entries = operationsOf(doc);
  const tags = doc.tags?.length ? doc.tags : [...new Set(entries.flatMap((e) => e.op.tags ?? []))].map((name) => ({ name, description: undefined }));
  const byTag = (name: string) => entries.filter((e) => (e.op.tags?.[0] ?? '') === name);
  const untagged = entries.filter((e) => !tags.some((tag) => tag.name === (e.op.tags?.[0] ?? '')));
  const groups = [...tags.map((tag) => ({ ...tag, entries: byTag(tag.name) })), ...(untagged.length ? [{ name: '—', description: undefined, entries: untagged }] : [])].filter(
    (g) => g.entries.length > 0,
  );
  const schemas = Object.entries(doc.components?.schemas ?? {});
  const tagAnchor = (name: string) => `tag-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const stripe = /^#[0-9a-fA-F]{6}$/.test(brandColor) ? brandColor : '#0b57d0';
  return html`<!doctype html>
    <html lang="${locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${t('apiDocs.title')} · ${siteName}</title>
        <style>
          ${raw(STYLE)} :root { --brand: ${stripe}; }
        </style>
      </head>
      <body>
        <a class="skip" href="#main">${t('nav.skipToContent')}</a>
        <header class="top">
          <p><a href="/">${siteName}</a></p>
          <h1>${t('apiDocs.title')}</h1>
          <p>${t('apiDocs.intro', { version: doc.info.version, count: entries.length })}</p>
          <p><a href="${API_CONTRACT_PATHS.document}" type="application/json">${t('apiDocs.document')}</a></p>
        </header>
        <div class="layout">
          <nav class="toc" aria-labelledby="toc-h">
            <h2 id="toc-h">${t('apiDocs.operations')}</h2>
            ${groups.map(
              (g) => html`<h3><a href="#${tagAnchor(g.name)}" lang="en">${g.name}</a></h3>
                <ul>
                  ${g.entries.map((e) => html`<li><a href="#${e.anchor}"><span class="method method-${e.method}">${e.method.toUpperCase()}</span> <code>${e.path}</code></a></li>`)}
                </ul>`,
            )}
            <h3><a href="#schemas">${t('apiDocs.schemas')}</a></h3>
          </nav>
          <main id="main" tabindex="-1">
            <section aria-labelledby="overview-h">
              <h2 id="overview-h">${t('apiDocs.overview')}</h2>
              <div lang="en">${markdown(doc.info.description ?? '')}</div>
            </section>
            ${groups.map(
              (g) => html`<section aria-labelledby="${tagAnchor(g.name)}">
                <h2 id="${tagAnchor(g.name)}" lang="en">${g.name}</h2>
                ${g.description ? html`<p lang="en">${g.description}</p>` : ''}
                ${g.entries.map((e) => operationSection(doc, e, labels))}
              </section>`,
            )}
            <section aria-labelledby="schemas">
              <h2 id="schemas">${t('apiDocs.schemas')}</h2>
              ${schemas.map(
                ([name, schema]) => html`<section class="op" id="${schemaAnchor(name)}" aria-labelledby="${schemaAnchor(name)}-h">
                  <h3 id="${schemaAnchor(name)}-h"><code>${name}</code></h3>
                  ${schemaTable(schema, `${t('apiDocs.schemas')}: ${name}`, labels)}
                </section>`,
              )}
            </section>
          </main>
        </div>
      </body>
    </html>`;
}

/** GET /docs/api. Mounted before the gate: like the document itself, it answers during maintenance. */
export const apiReference = new Hono<AppEnv>().get(API_CONTRACT_PATHS.page, async (c) => {
  const { ok, body } = await apiJson<OpenApiDocument>(c, callerOf(c), API_CONTRACT_PATHS.document);
  if (!ok || !body?.paths) return c.text(c.var.t('apiDocs.unavailable'), 502);
  return c.html(renderApiReference(body, c.var.t, c.var.locale, c.var.brand.serviceName, c.var.brand.colors.primary));
});
