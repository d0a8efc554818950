/** Builds the OpenAPI 3.1 document of the route table from the same zod schemas that define the wire (z.toJSONSchema, input side). */
import { z } from 'zod';
import { errorBodySchema, reportSchema } from '../src/core/wire/schemas';
import type { PlatformRoute, Security } from './route-table';

export const OPENAPI_VERSION = '3.1.0';
/** The control plane's declared version (contract part 9). */
export const API_VERSION = '1.0.0';

/** JSON Schema of what travels on the wire (the schema's input side), without the `$schema` key. */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

const NAMED: ReadonlyMap<z.ZodType, string> = new Map<z.ZodType, string>([
  [reportSchema, 'Report'],
  [errorBodySchema, 'ErrorBody'],
]);

function schemaRef(schema: z.ZodType): Record<string, unknown> {
  const name = NAMED.get(schema);
  return name ? { $ref: `#/components/schemas/${name}` } : jsonSchemaOf(schema);
}

const SECURITY: Record<Security, Array<Record<string, string[]>>> = {
  apiKey: [{ apiKey: [] }],
  metaSyncToken: [{ metaSyncToken: [] }],
  queryKey: [{ queryKey: [] }],
  none: [],
};

const ERROR_TEXT: Record<number, string> = {
  400: 'invalid request (the message names the field)',
  401: 'missing or unknown API key',
  403: 'not allowed (rights, or an invalid token on the query API and /meta)',
  404: 'unknown deployment, environment or report',
  409: 'conflict (see the `code` values of the contract, 7.3)',
};

/** A unique id from method and path: `getDeploymentsReportsByReportId`. */
function operationId(route: PlatformRoute): string {
  const camel = (w: string): string => w.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''));
  const cap = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);
  const words = route.template
    .split('/')
    .filter((s) => s !== '' && s !== 'api' && s !== 'v1')
    .map((s) => (s.startsWith('{') ? `By${cap(camel(s.slice(1, -1)))}` : cap(camel(s))));
  return [route.method.toLowerCase(), ...words].join('');
}

export function buildOpenApi(routes: readonly PlatformRoute[], serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const { doc } = route;
    const parameters: Array<Record<string, unknown>> = [
      ...[...route.template.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })),
      ...(doc.query ?? []).map((q) => ({
        name: q.name,
        in: 'query',
        required: false,
        description: q.description,
        schema: jsonSchemaOf(q.schema),
      })),
    ];
    const responses: Record<string, unknown> = {
      [String(doc.response.status)]: {
        description: doc.response.description,
        content: { 'application/json': { schema: schemaRef(doc.response.schema) } },
      },
    };
    for (const status of doc.errors) {
      responses[String(status)] = {
        description: ERROR_TEXT[status] ?? 'error',
        content: { 'application/json': { schema: schemaRef(errorBodySchema) } },
      };
    }
    const operation: Record<string, unknown> = {
      operationId: operationId(route),
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      ...(doc.localOnly ? { 'x-local-platform-only': true } : {}),
      parameters,
      ...(doc.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(doc.body) } } } } : {}),
      responses,
      security: SECURITY[doc.security],
    };
    (paths[route.template] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Local platform: control plane, query API and metadata',
      version: API_VERSION,
      description:
        'Generated from the zod schemas of src/core/api/schemas.ts. Error bodies are {"error": "..."} (plus "code" on the 409s of the report upsert).',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: Object.fromEntries([...NAMED].map(([schema, name]) => [name, jsonSchemaOf(schema)])),
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'A dev API key: Authorization: Bearer <key>' },
        queryKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'A dev API key, raw or after "Bearer "' },
        metaSyncToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'A meta-sync JWT, raw or after "Bearer "' },
      },
    },
  };
}
