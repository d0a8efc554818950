/** The account's dev users, their roles and API keys (fixed defaults, overridable by environment variables). */
import { PRODUCT_PREFIX } from '../src/core/wire/wire-names';

export type Role = 'admin' | 'editor' | 'viewer';

export interface DevUser {
  id: number;
  email: string;
  firstName: string;
  role: Role;
}

/** API key per role; `startPlatform({keys})` or the environment override the defaults. */
export type DevKeys = Record<Role, string>;

const ENV_PREFIX = `${PRODUCT_PREFIX.toUpperCase()}_DEV`;

/** Environment variable names: SVC_DEV_ADMIN_KEY, SVC_DEV_EDITOR_KEY, SVC_DEV_VIEWER_KEY. */
export const DEV_KEY_ENV: Record<Role, string> = {
  admin: `${ENV_PREFIX}_ADMIN_KEY`,
  editor: `${ENV_PREFIX}_EDITOR_KEY`,
  viewer: `${ENV_PREFIX}_VIEWER_KEY`,
};

/** Environment variable that sets the HMAC secret of meta-sync tokens (else signing-secret.ts makes one): SVC_DEV_JWT_SECRET. */
export const JWT_SECRET_ENV = `${ENV_PREFIX}_JWT_SECRET`;

export const DEFAULT_DEV_KEYS: DevKeys = {
  admin: 'dev-admin-key',
  editor: 'dev-editor-key',
  viewer: 'dev-viewer-key',
};

/** The seeded users, one per role. */
export const DEV_USERS: readonly DevUser[] = [
  { id: 1, email: 'ada.admin@acme.example', firstName: 'Ada', role: 'admin' },
  { id: 2, email: 'eddie.editor@acme.example', firstName: 'Eddie', role: 'editor' },
  { id: 3, email: 'vera.viewer@acme.example', firstName: 'Vera', role: 'viewer' },
];

/** Keys from explicit options, else the environment, else the defaults. */
export function resolveDevKeys(explicit: Partial<DevKeys> | undefined, env: NodeJS.ProcessEnv): DevKeys {
  const pick = (role: Role): string => explicit?.[role] ?? (env[DEV_KEY_ENV[role]] || DEFAULT_DEV_KEYS[role]);
  const keys: DevKeys = { admin: pick('admin'), editor: pick('editor'), viewer: pick('viewer') };
  if (new Set(Object.values(keys)).size !== 3) throw new Error('The three dev API keys must differ from each other.');
  return keys;
}

/** What a role may do with reports (5.3: read, edit, and the creation right of POST /reports). */
export interface Rights {
  read: boolean;
  create: boolean;
  edit: boolean;
  manage: boolean;
  /** Sees deployments marked admin-only. */
  allDeployments: boolean;
}

export function rightsOf(role: Role): Rights {
  switch (role) {
    case 'admin':
      return { read: true, create: true, edit: true, manage: true, allDeployments: true };
    case 'editor':
      return { read: true, create: true, edit: true, manage: false, allDeployments: false };
    case 'viewer':
      return { read: true, create: false, edit: false, manage: false, allDeployments: false };
  }
}
