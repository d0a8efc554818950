/** GET /api/v1/spec: the OpenAPI document built at start from the route table. */
import type { Handler } from '../context';

export const getSpec: Handler = async ({ platform }) => ({ status: 200, body: platform.spec() });
