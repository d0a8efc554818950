/**
 * @jest-environment jsdom
 */
/** The preview page: header, grid and the real pane over the real AddinService wired to the PreviewHost (no network). */
import '../helpers/setup-dom';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AddinError } from '../../src/core/errors/addin-error';
import type { Transport } from '../../src/core/api/transport';
import { createAddinService } from '../../src/core/service/create-addin-service';
import { cancellableSleep } from '../../src/browser/browser-clock';
import { PreviewApp } from '../../src/preview/preview-app';
import { PreviewHost } from '../../src/preview/preview-host';
import { MemoryStorage } from './memory-storage';
import { MemoryWorkbookStore } from './memory-workbook-store';

afterEach(cleanup);

const offline: Transport = async () => {
  throw new AddinError('network', 'offline in this test');
};

function setup() {
  const host = new PreviewHost({ store: new MemoryWorkbookStore(), credentialStorage: new MemoryStorage(), mintWorkbookId: () => 'wb-1' });
  let bytes = 0;
  const service = createAddinService({
    host,
    transport: offline,
    clock: { now: () => 0, sleep: cancellableSleep },
    random: () => 0.5,
    randomBytes: (n) => Uint8Array.from({ length: n }, () => bytes++ % 256),
    defaultTenantUrl: 'http://localhost:4000',
    timezone: 'UTC',
  });
  const view = render(<PreviewApp host={host} service={service} theme="light" activeCellPollMs={0} />);
  return { host, service, view };
}

describe('PreviewApp', () => {
  it('shows the header, the workbook grid and the pane with the Tenant URL prefilled', async () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Preview workbook' })).toBeTruthy();
    expect(screen.getByRole('grid')).toBeTruthy();
    const pane = screen.getByRole('complementary', { name: 'Add-in pane' });
    expect(pane.querySelector('main[aria-label="Reports pane"]')).not.toBeNull();
    const tenant = (await screen.findByRole('textbox', { name: /Tenant URL/ })) as HTMLInputElement;
    expect(tenant.value).toBe('http://localhost:4000');
    // help.html is built beside the preview's page: the form links to its section on keys.
    expect(screen.getByRole('link', { name: 'Where do I get an API key?' }).getAttribute('href')).toBe('help.html#key');
  });

  it('the service sees the cell clicked in the grid as the active cell', async () => {
    const { service, view } = setup();
    const b2 = view.container.querySelector<HTMLElement>('[role="gridcell"][aria-label="B2"]')!;
    fireEvent.mouseDown(b2, { button: 0 });
    await waitFor(async () => expect((await service.activeCell()).label).toBe('Sheet1!B2'));
    await act(async () => undefined);
  });
});
