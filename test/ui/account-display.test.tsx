/** @jest-environment jsdom */
// Which tenant is signed in (its host, in the pane's header) and the sign-in form's link to where an API key comes from.
import '../helpers/setup-dom';
import { screen } from '@testing-library/react';
import { FakeAddinService } from './fake-addin-service';
import { renderPane, signedInFake } from './render-pane';

test('the header names the host of the signed-in tenant, never its path or query, and Sign out is described by it', async () => {
  const fake = signedInFake();
  fake.session = { ...fake.session, tenantUrl: 'https://acme.example.com/tenants/7?token=abc' };
  renderPane(fake);
  const signOut = await screen.findByRole('button', { name: 'Sign out' });
  const header = screen.getByRole('banner', { name: 'Account' });
  expect(header.contains(signOut)).toBe(true);
  const describedBy = signOut.getAttribute('aria-describedby');
  expect(describedBy).not.toBeNull();
  const who = document.getElementById(describedBy ?? '');
  expect(who?.textContent).toBe('Signed in to acme.example.com');
  expect(header.innerHTML).not.toContain('tenants/7');
  expect(header.innerHTML).not.toContain('token=abc');
});

test('the header keeps a port that tells two local tenants apart', async () => {
  const fake = signedInFake();
  fake.session = { ...fake.session, tenantUrl: 'http://localhost:4301' };
  renderPane(fake);
  const signOut = await screen.findByRole('button', { name: 'Sign out' });
  expect(document.getElementById(signOut.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Signed in to localhost:4301');
});

test('the sign-in form links to the help page section on API keys, in a new tab, where the host serves one', async () => {
  renderPane(new FakeAddinService(), { keyHelpUrl: 'help.html#key' });
  const link = await screen.findByRole('link', { name: 'Where do I get an API key?' });
  expect(link.getAttribute('href')).toBe('help.html#key');
  expect(link.getAttribute('target')).toBe('_blank');
  expect(link.getAttribute('rel')).toContain('noopener');
  // The link describes the key field: a screen reader hears it with the field.
  const key = screen.getByLabelText(/API key/);
  const described = (key.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id));
  expect(described.some((el) => el?.contains(link) === true)).toBe(true);
});

test('the sign-in form shows no key link where the host serves no help page', async () => {
  renderPane(new FakeAddinService());
  await screen.findByRole('button', { name: 'Sign in' });
  expect(screen.queryByRole('link', { name: 'Where do I get an API key?' })).toBeNull();
});
