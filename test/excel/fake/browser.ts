/**
 * Browser entry of the fake (built by scripts/build-office-fake.ts), served in place of Microsoft's office.js.
 * It installs the globals on `window`.
 */
import { installOfficeFake, type OfficeFakeConfig } from './install';

const w = window as unknown as Record<string, unknown> & { __OFFICE_FAKE_CONFIG__?: OfficeFakeConfig };
w.__officeFake = installOfficeFake(w.__OFFICE_FAKE_CONFIG__ ?? {}, w);
