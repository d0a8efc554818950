/** The offline manifest validator on manifest.xml and on broken copies of it, and the production rewrite of its URLs. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validateManifest, pngSize } from '../../scripts/manifest/validate-manifest';
import { productionManifest, DEV_ORIGIN } from '../../scripts/manifest/production-manifest';
import { ICON_SIZES } from '../../scripts/make-icons';

const root = path.resolve(__dirname, '../..');
const xml = fs.readFileSync(path.join(root, 'manifest.xml'), 'utf8');
const commandsCode = 'Office.actions.associate("refreshAll",function(e){e.completed()})';
const check = (text: string, code: string | undefined = commandsCode) => validateManifest(text, { root, commandsCode: code });

function broken(from: string, to: string): string {
  expect(xml).toContain(from);
  return xml.split(from).join(to);
}

it('passes manifest.xml, whose icons exist in assets/ at the sizes it names', () => {
  expect(check(xml)).toEqual([]);
  for (const size of ICON_SIZES)
    expect(pngSize(fs.readFileSync(path.join(root, `assets/icon-${size}.png`)))).toEqual({ width: size, height: size });
});

it.each([
  ['malformed XML', '<Permissions>ReadWriteDocument</Permissions>', '<Permissions>ReadWriteDocument</Permission>', /not well-formed/],
  [
    'elements out of schema order',
    '<ProviderName>Reports add-in</ProviderName>\n  <DefaultLocale>en-US</DefaultLocale>',
    '<DefaultLocale>en-US</DefaultLocale>\n  <ProviderName>Reports add-in</ProviderName>',
    /<ProviderName> is out of order inside OfficeApp/,
  ],
  ['a missing required element', '<ProviderName>Reports add-in</ProviderName>', '', /OfficeApp lacks the required <ProviderName>/],
  ['an id that is not a GUID', '<Id>3f6c2a4e-8d1b-4c57-9a0e-5b7d2e9c1f40</Id>', '<Id>reports</Id>', /<Id> must be a GUID/],
  [
    'an http URL',
    'DefaultValue="https://localhost:3000/help.html"/>\n  <AppDomains>',
    'DefaultValue="http://localhost:3000/help.html"/>\n  <AppDomains>',
    /not https: http:\/\/localhost:3000\/help.html/,
  ],
  [
    'an undefined resid',
    '<Label resid="RefreshAll.Label"/>',
    '<Label resid="RefreshAll.Lbl"/>',
    /resid "RefreshAll.Lbl" .* is not defined/,
  ],
  [
    'a resid of the wrong kind',
    '<Description resid="ShowPane.Tooltip"/>',
    '<Description resid="ShowPane.Label"/>',
    /must point into bt:LongStrings, not bt:ShortStrings/,
  ],
  [
    'a resource defined twice',
    '<bt:String id="Group.Label" DefaultValue="Reports"/>',
    '<bt:String id="Group.Label" DefaultValue="Reports"/><bt:String id="Group.Label" DefaultValue="Again"/>',
    /"Group.Label" is defined more than once/,
  ],
  [
    'a resource id over 32 characters',
    'id="GetStarted.LearnMoreUrl"',
    'id="GetStarted.LearnMoreUrl.ThatIsWayTooLong"',
    /must be 1 to 32 characters/,
  ],
  [
    "an icon off the pages' host",
    '<bt:Image id="Icon.80x80" DefaultValue="https://localhost:3000/',
    '<bt:Image id="Icon.80x80" DefaultValue="https://cdn.example.com/',
    /is not served with the pages \(https:\/\/localhost:3000\/\)/,
  ],
  ['a missing icon file', 'assets/icon-80.png', 'assets/icon-81.png', /the icon assets\/icon-81.png does not exist/],
  [
    'an icon of the wrong size',
    '<IconUrl DefaultValue="https://localhost:3000/assets/icon-32.png"/>',
    '<IconUrl DefaultValue="https://localhost:3000/assets/icon-16.png"/>',
    /icon-16.png is 16x16, the manifest needs 32x32/,
  ],
  ['a short-lived runtime', 'lifetime="long"', 'lifetime="short"', /lifetime="long"/],
  ['no SharedRuntime requirement', '<Set Name="SharedRuntime" MinVersion="1.1"/>', '', /needs <Set Name="SharedRuntime"/],
  ['a duplicate control id', 'id="Reports.RefreshAll"', 'id="Reports.ShowPane"', /"Reports.ShowPane" is used by 2 ribbon elements/],
  [
    'a function file off the runtime page',
    '<FunctionFile resid="Taskpane.Url"/>',
    '<FunctionFile resid="GetStarted.LearnMoreUrl"/>',
    /FunctionFile must use the runtime's page/,
  ],
])('reports %s', (_what, from, to, problem) => {
  const problems = check(broken(from, to));
  expect(problems.length).toBeGreaterThan(0);
  expect(problems.join('\n')).toMatch(problem);
});

it('reports a ribbon FunctionName that the built commands code does not associate', () => {
  expect(check(xml, 'Office.actions.associate("somethingElse", f)')).toEqual([
    '<FunctionName>refreshAll</FunctionName> is not associated in the built commands code (Office.actions.associate("refreshAll", ...)).',
  ]);
  expect(check(xml, "Office.actions.associate('refreshAll', f)")).toEqual([]);
});

describe('productionManifest', () => {
  it('rewrites every add-in URL to the base URL and the app domain to its origin; the result still validates', () => {
    const prod = productionManifest(xml, 'https://reports.example.com/addin/');
    expect(prod).not.toContain(DEV_ORIGIN);
    expect(prod).toContain('<SourceLocation DefaultValue="https://reports.example.com/addin/taskpane.html"/>');
    expect(prod).toContain('<AppDomain>https://reports.example.com</AppDomain>');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manifest-'));
    fs.cpSync(path.join(root, 'assets'), path.join(dir, 'assets'), { recursive: true });
    expect(validateManifest(prod, { root: dir, commandsCode })).toEqual([]);
  });

  it('fails loudly when the placeholder no longer matches, or the base URL is not plain https', () => {
    expect(() =>
      productionManifest(xml.replace('https://localhost:3000/help.html', 'https://help.example.com/'), 'https://a.example.com'),
    ).toThrow(/do not start with the placeholder https:\/\/localhost:3000.*help.example.com/);
    expect(() => productionManifest(xml.split(DEV_ORIGIN).join('https://localhost:4000'), 'https://a.example.com')).toThrow(
      /do not start with the placeholder/,
    );
    expect(() => productionManifest('<OfficeApp/>', 'https://a.example.com')).toThrow(/no URL starting with the placeholder/);
    expect(() => productionManifest(xml, 'http://a.example.com')).toThrow(/must be https/);
    expect(() => productionManifest(xml, 'https://user:key@a.example.com')).toThrow(/without credentials/);
  });
});

describe('URLs on the add-in’s own origin must be built files', () => {
  /** A built-pages folder holding `files` (paths under it) and the icons. */
  function builtPages(files: string[]): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manifest-built-'));
    fs.cpSync(path.join(root, 'assets'), path.join(dir, 'assets'), { recursive: true });
    for (const f of files) fs.writeFileSync(path.join(dir, f), '<!doctype html><title>page</title>');
    return dir;
  }

  it('passes when the pane and the help page are built', () => {
    const dir = builtPages(['taskpane.html', 'help.html']);
    expect(validateManifest(xml, { root, builtPages: dir, commandsCode })).toEqual([]);
  });

  it('names SupportUrl and LearnMoreUrl when help.html is not built', () => {
    const dir = builtPages(['taskpane.html']);
    const problems = validateManifest(xml, { root, builtPages: dir, commandsCode });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/OfficeApp\/SupportUrl links to https:\/\/localhost:3000\/help.html, but the build has no help.html/);
    expect(problems[1]).toMatch(/bt:Url links to https:\/\/localhost:3000\/help.html, but the build has no help.html/);
  });

  it('names the pane page and a missing icon when they are not built', () => {
    const dir = builtPages(['help.html']);
    fs.rmSync(path.join(dir, 'assets', 'icon-80.png'));
    const problems = validateManifest(xml, { root, builtPages: dir, commandsCode }).join('\n');
    expect(problems).toMatch(/SourceLocation links to https:\/\/localhost:3000\/taskpane.html, but the build has no taskpane.html/);
    expect(problems).toMatch(/the build has no assets\/icon-80.png/);
  });

  it('checks the production manifest’s URLs against the build too', () => {
    const prod = productionManifest(xml, 'https://reports.example.com/addin/');
    expect(validateManifest(prod, { root, builtPages: builtPages(['taskpane.html', 'help.html']), commandsCode })).toEqual([]);
    expect(validateManifest(prod, { root, builtPages: builtPages(['taskpane.html']), commandsCode }).join('\n')).toMatch(
      /https:\/\/reports.example.com\/addin\/help.html, but the build has no help.html/,
    );
  });
});
