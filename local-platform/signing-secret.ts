/** The HMAC secret of meta-sync tokens: random per data directory (a 0600 file made on first start), per process in memory. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { JWT_SECRET_ENV } from './dev-credentials';

/** The secret's file in the data directory. */
export const SIGNING_SECRET_FILE = 'meta-sync-secret';

const SECRET_PATTERN = /^[0-9a-f]{64}$/;

const freshSecret = (): string => randomBytes(32).toString('hex');

/**
 * The data directory's secret, made on first start: written to a temporary 0600 file, flushed, then renamed into place,
 * so a crash leaves either no secret or a whole one. A file that is not a whole secret is replaced.
 */
function dataDirSecret(dataDir: string): string {
  const file = path.join(dataDir, SIGNING_SECRET_FILE);
  if (fs.existsSync(file)) {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (SECRET_PATTERN.test(stored)) {
      fs.chmodSync(file, 0o600);
      return stored;
    }
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = freshSecret();
  const temp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(temp, 'w', 0o600);
  try {
    fs.writeSync(fd, `${secret}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
  return secret;
}

/** SVC_DEV_JWT_SECRET when set; else random per process in memory, or the data directory's own secret. */
export function resolveSigningSecret(options: { memory: boolean; dataDir: string }, env: NodeJS.ProcessEnv): string {
  const fromEnv = env[JWT_SECRET_ENV];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  return options.memory ? freshSecret() : dataDirSecret(options.dataDir);
}
