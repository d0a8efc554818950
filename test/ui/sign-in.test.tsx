/** @jest-environment jsdom */
// Sign in: a refused key gets a message (no stack), a good key shows the context pickers, Sign out forgets the key.
import '../helpers/setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import { change, click } from './act-events';
import { AddinError } from '../../src/core/errors/addin-error';
import { completeTenantUrl } from '../../src/ui/SignInScreen';
import { FakeAddinService } from './fake-addin-service';
import { renderPane } from './render-pane';

async function fillAndSubmit(key: string) {
  const url = await screen.findByLabelText(/Tenant URL/);
  expect((url as HTMLInputElement).value).toBe('http://localhost:4000');
  await change(screen.getByLabelText(/API key/), key);
  await click(screen.getByRole('button', { name: 'Sign in' }));
}

test('a wrong key shows what happened and what to do, without a stack trace', async () => {
  const { fake, container } = renderPane();
  await fillAndSubmit('wrong');
  const bar = await screen.findByText('The platform refused the API key. Check the key and sign in again.');
  expect(bar).toBeTruthy();
  // The message already says what to do: the generic hint is not added to it.
  expect(container.textContent).not.toContain('Sign in again with a valid API key.');
  expect(container.textContent).not.toMatch(/\bat \S+ \(|AddinError|\.ts:\d+/);
  expect(fake.callsOf('signIn')).toEqual([[{ tenantUrl: 'http://localhost:4000', apiKey: 'wrong', authScheme: 'auto' }]]);
  expect((screen.getByLabelText(/API key/) as HTMLInputElement).type).toBe('password');
});

test('a successful sign in shows the deployment and environment pickers; Sign out returns to the form', async () => {
  const { fake } = renderPane();
  await fillAndSubmit('good-key');
  const deployment = await screen.findByRole('combobox', { name: 'Deployment' });
  // The only deployment is chosen and remembered for the workbook.
  await screen.findByDisplayValue('Shop analytics');
  expect(deployment).toBeTruthy();
  const environment = screen.getByRole('combobox', { name: 'Environment' });
  await click(environment);
  const listbox = await screen.findByRole('listbox');
  expect(within(listbox).getByRole('option', { name: /Staging\s*staging/ })).toBeTruthy();
  await click(within(listbox).getByRole('option', { name: /Production\s*production/ }));
  await screen.findByDisplayValue('Production');
  expect(fake.context).toEqual({ deploymentId: '1', environmentId: '10' });
  expect(screen.getByRole('button', { name: 'New report' }).hasAttribute('disabled')).toBe(false);

  await click(screen.getByRole('button', { name: 'Sign out' }));
  await screen.findByRole('button', { name: 'Sign in' });
  expect(fake.callsOf('signOut')).toHaveLength(1);
});

test('the auth scheme chosen under Advanced is sent', async () => {
  const { fake } = renderPane();
  await screen.findByLabelText(/Tenant URL/);
  await click(screen.getByRole('button', { name: 'Advanced' }));
  await change(await screen.findByLabelText('Auth scheme'), 'bearer');
  await fillAndSubmit('good-key');
  await screen.findByRole('combobox', { name: 'Deployment' });
  expect(fake.callsOf('signIn')[0]).toEqual([{ tenantUrl: 'http://localhost:4000', apiKey: 'good-key', authScheme: 'bearer' }]);
});

test('typing in a combobox filters its options (by name or environment type)', async () => {
  const fake = signedInFakeForContext();
  renderPane(fake);
  const environment = await screen.findByRole('combobox', { name: 'Environment' });
  await screen.findByDisplayValue('Shop analytics');
  await waitFor(() => expect((environment as HTMLInputElement).disabled).toBe(false));
  await click(environment);
  expect(within(await screen.findByRole('listbox')).getAllByRole('option')).toHaveLength(2);
  await change(environment, 'stag');
  const listbox = await screen.findByRole('listbox');
  expect(
    within(listbox)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Stagingstaging']);
  await click(within(listbox).getByRole('option', { name: /Staging/ }));
  expect(fake.context).toEqual({ deploymentId: '1', environmentId: '11' });
});

function signedInFakeForContext() {
  const fake = new FakeAddinService();
  fake.session = { signedIn: true, tenantUrl: 'http://localhost:4000', authScheme: 'auto', defaultTenantUrl: null };
  return fake;
}

test('a Tenant URL typed without a scheme is completed (http:// for this machine, https:// elsewhere), not refused', async () => {
  const { fake } = renderPane();
  const url = await screen.findByLabelText(/Tenant URL/);
  await change(url, 'localhost:4301');
  await change(screen.getByLabelText(/API key/), 'good-key');
  await click(screen.getByRole('button', { name: 'Sign in' }));
  expect(screen.queryByText(/must start with/)).toBeNull();
  expect(fake.callsOf('signIn')[0]?.[0]).toEqual({ tenantUrl: 'http://localhost:4301', apiKey: 'good-key', authScheme: 'auto' });
  expect(completeTenantUrl('acme.example.com')).toBe('https://acme.example.com');
  expect(completeTenantUrl('127.0.0.1:4301/x')).toBe('http://127.0.0.1:4301/x');
  expect(completeTenantUrl('https://acme.example.com')).toBe('https://acme.example.com');
});

test('a tenant URL that answers 404 says to check the URL, without a "reload the list" hint; one error replaces the last', async () => {
  const fake = new FakeAddinService();
  let attempt = 0;
  fake.signIn = async (input) => {
    attempt += 1;
    throw attempt === 1
      ? new AddinError('notFound', `${input.tenantUrl} did not answer as the platform: check the Tenant URL.`, { status: 404 })
      : new AddinError('network', `Could not reach ${input.tenantUrl}: check the Tenant URL and your connection.`);
  };
  const { container } = renderPane(fake);
  await fillAndSubmit('some-key');
  expect(await screen.findByText('http://localhost:4000 did not answer as the platform: check the Tenant URL.')).toBeTruthy();
  expect(container.textContent).not.toMatch(/deleted|reload the list/i);

  await click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText(/Could not reach http:\/\/localhost:4000/)).toBeTruthy();
  expect(container.querySelectorAll('.fui-MessageBar')).toHaveLength(1);

  // A field problem replaces the last message too.
  await change(screen.getByLabelText(/API key/), '');
  await click(screen.getByRole('button', { name: 'Sign in' }));
  expect(screen.getByText('Enter your API key.')).toBeTruthy();
  expect(container.querySelectorAll('.fui-MessageBar')).toHaveLength(0);
});
