/** Renders the whole pane over a FakeAddinService with a settable clock and predictable job ids, for pane tests. */
import { configure, render, type RenderResult } from '@testing-library/react';
import { App } from '../../src/ui/App';
import type { PaneSettings } from '../../src/ui/pane-settings';
import type { RefreshAllFeed } from '../../src/ui/refresh-all-feed';
import { FakeAddinService } from './fake-addin-service';

// A findBy waits up to 5 s for the pane: the whole Fluent pane renders slowly in jsdom on a busy two-core machine, and
// the default 1 s fails a query whose element is on its way. Queries that find their element return at once.
configure({ asyncUtilTimeout: 5_000 });

export interface PaneUnderTest extends RenderResult {
  fake: FakeAddinService;
  clock: { nowMs: number; now(): number };
  jobIds: string[];
}

export function renderPane(
  fake = new FakeAddinService(),
  options: {
    nowMs?: number;
    activeCellPollMs?: number;
    keyHelpUrl?: string | null;
    refreshAllFeed?: RefreshAllFeed;
    /** The pane's per-user settings; an empty store of this render's own when absent (no test sees another's). */
    settings?: PaneSettings;
    /** The host's sentence on how it notices a bound cell's change (AppProps.parameterWatch). */
    parameterWatch?: string;
  } = {},
): PaneUnderTest {
  const clock = {
    nowMs: options.nowMs ?? Date.parse('2025-03-01T12:00:00Z'),
    now() {
      return this.nowMs;
    },
  };
  const jobIds: string[] = [];
  const newJobId = () => {
    const id = `job-${jobIds.length + 1}`;
    jobIds.push(id);
    return id;
  };
  const result = render(
    <App
      service={fake}
      theme="light"
      clock={clock}
      newJobId={newJobId}
      activeCellPollMs={options.activeCellPollMs ?? 0}
      keyHelpUrl={options.keyHelpUrl ?? null}
      refreshAllFeed={options.refreshAllFeed ?? null}
      settings={options.settings ?? memorySettings()}
      {...(options.parameterWatch === undefined ? {} : { parameterWatch: options.parameterWatch })}
    />,
  );
  return { ...result, fake, clock, jobIds };
}

function memorySettings(): PaneSettings {
  const kept = new Map<string, string>();
  return { get: (k) => kept.get(k) ?? null, set: (k, v) => void kept.set(k, v) };
}

/** A fake that is already signed in with a chosen context. */
export function signedInFake(): FakeAddinService {
  const fake = new FakeAddinService();
  fake.session = { signedIn: true, tenantUrl: 'http://localhost:4000', authScheme: 'auto', defaultTenantUrl: 'http://localhost:4000' };
  fake.context = { deploymentId: '1', environmentId: '10' };
  return fake;
}
