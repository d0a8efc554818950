/** The sign-in form: Tenant URL, API key (password), Advanced > Auth scheme, and a message bar saying what went wrong. */
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Button,
  Field,
  Input,
  Link,
  Select,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AuthScheme, SessionState } from '../core/service/addin-service';
import { ErrorBar } from './ErrorBar';
import { usePaneEnv } from './pane-env';

export interface SignInScreenProps {
  session: SessionState;
  onSignedIn: (session: SessionState) => void;
  /** The one error on screen (the shell's or the last attempt's); a new attempt replaces it. */
  error: unknown;
  onError: (error: unknown) => void;
  /** The user just signed out: the first field to fill takes the focus (the API key when the Tenant URL is there). */
  takeFocus?: boolean;
}

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

const SCHEMES: ReadonlyArray<{ value: AuthScheme; label: string }> = [
  { value: 'auto', label: 'Automatic' },
  { value: 'bearer', label: 'Bearer token' },
  { value: 'api-key', label: 'API key header' },
];

function isAuthScheme(v: string): v is AuthScheme {
  return SCHEMES.some((s) => s.value === v);
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
/** Hosts on this machine, where a platform is usually served over plain http (as `npm start`'s local platform is). */
const LOCAL_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?(?:[/?#]|$)/i;

/** The platform's API path at the end of a pasted address. */
const API_PATH = /\/api\/v1\/?$/i;

/**
 * The Tenant URL as it will be used: typed without a scheme (`acme.example.com`, `localhost:4301`) it gets https://,
 * or http:// for this machine's own hosts; a trailing /api/v1 is dropped; anything else is kept as typed.
 */
export function completeTenantUrl(value: string): string {
  // The API's own address pasted (".../api/v1"): the add-in adds that path itself.
  const t = value.trim().replace(API_PATH, '');
  if (t === '' || SCHEME.test(t)) return t;
  return `${LOCAL_HOST.test(t) ? 'http' : 'https'}://${t}`;
}

function urlProblem(value: string): string | null {
  if (value.trim() === '') return 'Enter the Tenant URL, for example https://acme.example.com.';
  try {
    const url = new URL(completeTenantUrl(value));
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return `The Tenant URL starts with "${url.protocol}//": use an https:// (or http://) address such as https://acme.example.com.`;
    if (url.hostname === '') return 'The Tenant URL has no host name; it looks like https://acme.example.com.';
  } catch {
    return 'The Tenant URL is not a valid address; it looks like https://acme.example.com.';
  }
  return null;
}

export function SignInScreen({ session, onSignedIn, error, onError: setError, takeFocus = false }: SignInScreenProps) {
  const styles = useStyles();
  const { service, keyHelpUrl } = usePaneEnv();
  const [tenantUrl, setTenantUrl] = useState(session.tenantUrl ?? session.defaultTenantUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [scheme, setScheme] = useState<AuthScheme>(session.authScheme);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const tenantRef = useRef<HTMLInputElement>(null);
  const keyRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (takeFocus) (tenantUrl.trim() === '' ? tenantRef : keyRef).current?.focus();
    // Once, when the form opens.
  }, []);

  const tenantProblem = submitted ? urlProblem(tenantUrl) : null;
  const keyProblem = submitted && apiKey.trim() === '' ? 'Enter your API key.' : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    // A new attempt replaces the last message; field problems are shown at their fields.
    setError(null);
    if (urlProblem(tenantUrl) !== null || apiKey.trim() === '') return;
    const url = completeTenantUrl(tenantUrl);
    setTenantUrl(url);
    setBusy(true);
    try {
      const next = await service.signIn({ tenantUrl: url, apiKey: apiKey.trim(), authScheme: scheme });
      onSignedIn(next);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Sign in">
      <Text as="h2" size={500} weight="semibold">
        Sign in
      </Text>
      {error !== null && <ErrorBar error={error} onDismiss={() => setError(null)} signIn />}
      <Field label="Tenant URL" required validationMessage={tenantProblem ?? undefined}>
        <Input ref={tenantRef} type="url" value={tenantUrl} onChange={(_, d) => setTenantUrl(d.value)} autoComplete="url" />
      </Field>
      <Field
        label="API key"
        required
        validationMessage={keyProblem ?? undefined}
        hint={
          keyHelpUrl === null ? undefined : (
            // A new tab or window: the pane keeps what was typed while the user reads how to make a key.
            <Link href={keyHelpUrl} target="_blank" rel="noopener noreferrer">
              Where do I get an API key?
            </Link>
          )
        }
      >
        <Input ref={keyRef} type="password" value={apiKey} onChange={(_, d) => setApiKey(d.value)} autoComplete="current-password" />
      </Field>
      <Accordion collapsible>
        <AccordionItem value="advanced">
          <AccordionHeader>Advanced</AccordionHeader>
          <AccordionPanel>
            <Field label="Auth scheme" hint="Leave on Automatic unless your administrator tells you otherwise.">
              <Select value={scheme} onChange={(_, d) => isAuthScheme(d.value) && setScheme(d.value)}>
                {SCHEMES.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </Select>
            </Field>
          </AccordionPanel>
        </AccordionItem>
      </Accordion>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={busy}>
          Sign in
        </Button>
        {busy && <Spinner size="tiny" label="Signing in" />}
      </div>
    </form>
  );
}
