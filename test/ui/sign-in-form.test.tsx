/** @jest-environment jsdom */
// The sign-in form checks the Tenant URL as an address, takes a pasted API address, and words its errors for its own fields.
import '../helpers/setup-dom';
import { screen } from '@testing-library/react';
import { change, click } from './act-events';
import { AddinError } from '../../src/core/errors/addin-error';
import { completeTenantUrl } from '../../src/ui/SignInScreen';
import { renderPane } from './render-pane';

async function submit(url: string, key = 'good-key') {
  await change(await screen.findByRole('textbox', { name: /Tenant URL/ }), url);
  await change(screen.getByLabelText(/API key/), key);
  await click(screen.getByRole('button', { name: 'Sign in' }));
}

test('"not a url" is refused at its field, kept as typed, and nothing is sent', async () => {
  const { fake } = renderPane();
  await submit('not a url');
  expect(screen.getByText('The Tenant URL is not a valid address; it looks like https://acme.example.com.')).toBeTruthy();
  expect((screen.getByRole('textbox', { name: /Tenant URL/ }) as HTMLInputElement).value).toBe('not a url');
  expect(fake.callsOf('signIn')).toEqual([]);
});

test('a pasted API address (…/api/v1) signs in to the tenant itself', async () => {
  expect(completeTenantUrl('https://acme.example.com/api/v1')).toBe('https://acme.example.com');
  expect(completeTenantUrl('localhost:4000/api/v1/')).toBe('http://localhost:4000');
  const { fake } = renderPane();
  await submit('http://localhost:4000/api/v1');
  await screen.findByRole('combobox', { name: 'Deployment' });
  expect(fake.callsOf('signIn')[0]).toEqual([{ tenantUrl: 'http://localhost:4000', apiKey: 'good-key', authScheme: 'auto' }]);
});

test('a refused sign-in detail is worded for the sign-in form, not for a report', async () => {
  const { fake, container } = renderPane();
  fake.signIn = async () => {
    throw new AddinError('validation', 'The Tenant URL has an invalid port: use a number from 1 to 65535.');
  };
  await submit('http://localhost:4000');
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Check the sign-in details');
  expect(alert.textContent).toContain('Correct the Tenant URL or API key and sign in again.');
  expect(container.textContent).not.toContain('Check the report');
  expect(container.textContent).not.toContain('fields named above');
});
