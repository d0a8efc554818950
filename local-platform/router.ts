/** Path templates (`/api/v1/deployments/{deploymentId}`) matched against request paths, with 404/405 outcomes. */

export type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface Route<H> {
  method: HttpMethod;
  /** OpenAPI-style template: literal segments and `{name}` parameters, one per segment. */
  template: string;
  handler: H;
}

export type RouteMatch<H> =
  | { kind: 'found'; route: Route<H>; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: HttpMethod[] }
  | { kind: 'not-found' };

function matchTemplate(template: string, pathname: string): Record<string, string> | null {
  const want = template.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] ?? '';
    const g = got[i] ?? '';
    if (w.startsWith('{') && w.endsWith('}')) {
      if (g === '') return null;
      let value: string;
      try {
        value = decodeURIComponent(g);
      } catch {
        return null;
      }
      params[w.slice(1, -1)] = value;
    } else if (w !== g) {
      return null;
    }
  }
  return params;
}

/** Finds the route for `method pathname`; a literal segment wins over a parameter (`by-public-id` over `{reportId}`). */
export function matchRoute<H>(routes: readonly Route<H>[], method: string, pathname: string): RouteMatch<H> {
  const candidates: Array<{ route: Route<H>; params: Record<string, string>; literals: number }> = [];
  for (const route of routes) {
    const params = matchTemplate(route.template, pathname);
    if (params) candidates.push({ route, params, literals: route.template.split('/').filter((s) => !s.startsWith('{')).length });
  }
  if (candidates.length === 0) return { kind: 'not-found' };
  candidates.sort((a, b) => b.literals - a.literals);
  const best = candidates[0]!.literals;
  const sameShape = candidates.filter((c) => c.literals === best);
  const hit = sameShape.find((c) => c.route.method === method);
  if (hit) return { kind: 'found', route: hit.route, params: hit.params };
  const anyMethod = candidates.find((c) => c.route.method === method);
  if (anyMethod) return { kind: 'found', route: anyMethod.route, params: anyMethod.params };
  return { kind: 'method-not-allowed', allow: [...new Set(candidates.map((c) => c.route.method))] };
}
