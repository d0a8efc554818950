/** @jest-environment jsdom */
// The task pane page's start over the Office fake: outside Office it says to open it from Excel, in an old Excel it names
// what is missing, in a current one it renders the pane (sign-in first) and hands the service to the ribbon commands.
import '../helpers/setup-dom';
import { screen } from '@testing-library/react';
import { installOfficeFake, type OfficeFakeConfig } from './fake/install';

async function openPage(config: OfficeFakeConfig | 'office.js did not load') {
  document.body.innerHTML = '<div id="root"></div>';
  // jsdom has no fetch; nothing in these tests reaches the network.
  Object.defineProperty(window, 'fetch', { value: () => Promise.reject(new Error('no network here')), configurable: true });
  const fake = config === 'office.js did not load' ? null : installOfficeFake(config, window as unknown as Record<string, unknown>);
  let runtime: typeof import('../../src/excel/runtime-service') | undefined;
  await jest.isolateModulesAsync(async () => {
    // The page gets its own module registry (a fresh runtime-service), so its React is that registry's: act() from it.
    const { act } = await import('react');
    await act(async () => {
      runtime = await import('../../src/excel/runtime-service');
      // The bundle's order: the ribbon commands first (they must not stop the page when office.js is missing), then the pane.
      if (fake === null) await import('../../src/excel/commands');
      await import('../../src/excel/taskpane');
      // The page renders right after it hands over (or fails) the service.
      await runtime.runtimeService().catch(() => undefined);
    });
  });
  return { fake, runtime: runtime! };
}

afterEach(() => {
  document.body.innerHTML = '';
});

it('tells a plain browser tab to open the add-in from Excel', async () => {
  const { fake, runtime } = await openPage({ insideOffice: false });
  expect((await screen.findByRole('alert')).textContent).toMatch(/Open it from Excel/);
  await expect(runtime.runtimeService()).rejects.toThrow(/Open it from Excel/);
  fake?.uninstall();
});

it('says what failed and what to try when office.js did not load', async () => {
  expect(typeof (window as unknown as { Office?: unknown }).Office).toBe('undefined');
  const { runtime } = await openPage('office.js did not load');
  expect((await screen.findByRole('alert')).textContent).toMatch(
    /office\.js\) could not be loaded[\s\S]*appsforoffice\.microsoft\.com[\s\S]*close the pane and open it again/,
  );
  await expect(runtime.runtimeService()).rejects.toThrow(/could not be loaded/);
});

it('names the missing requirement sets in an older Excel instead of a broken pane', async () => {
  const { fake } = await openPage({ requirementSets: { ExcelApi: '1.4', SharedRuntime: '1.1' } });
  expect((await screen.findByRole('alert')).textContent).toMatch(/lacks ExcelApi 1\.7/);
  fake?.uninstall();
});

it('renders the pane in a current Excel and provides the service to the ribbon', async () => {
  const { fake, runtime } = await openPage({});
  expect(await screen.findByLabelText(/Tenant URL/)).toBeTruthy();
  // help.html is built beside taskpane.html: the form links to its section on keys.
  expect(screen.getByRole('link', { name: 'Where do I get an API key?' }).getAttribute('href')).toBe('help.html#key');
  const service = await runtime.runtimeService();
  expect((await service.getSession()).signedIn).toBe(false);
  fake?.uninstall();
});
