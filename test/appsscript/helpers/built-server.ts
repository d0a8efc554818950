/** One local platform process and the built server bundle (Code.js) for a test file: built and started before its tests, removed after. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSheets } from '../../../scripts/sheets-bundle';
import { startPlatformProcess, type PlatformProcess } from './platform-process';

export interface BuiltServer {
  /** The running platform (set once the file's beforeAll has run). */
  platform: PlatformProcess;
  /** The text of the built Code.js. */
  code: string;
}

/**
 * Registers the file's beforeAll/afterAll; read the fields inside tests. The platform answers Continue wait at once
 * (`--hold-ms 0`, so the retry path runs) unless `holdMs` says otherwise.
 */
export function useBuiltServer(tmpPrefix: string, holdMs = 0): BuiltServer {
  const built = {} as BuiltServer;
  let outDir = '';
  beforeAll(async () => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
    [built.platform] = await Promise.all([
      startPlatformProcess(['--hold-ms', String(holdMs)]),
      buildSheets({ outDir, sidebar: false, claspProject: null }),
    ]);
    built.code = fs.readFileSync(path.join(outDir, 'Code.js'), 'utf8');
  }, 60_000);
  afterAll(async () => {
    if (outDir !== '') fs.rmSync(outDir, { recursive: true, force: true });
    await (built.platform as PlatformProcess | undefined)?.close();
  });
  return built;
}
