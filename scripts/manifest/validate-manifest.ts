/**
 * Offline checks of the add-in manifest (Microsoft's validator is an online service): well-formed XML, required elements
 * in the schema's order (MS-OWEMXML), ids, https URLs, every resid defined once and of the right kind, icon files with
 * the declared sizes, the shared runtime, and every ribbon FunctionName associated in the built commands code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { child, parseXmlTree, walk, type XmlElement } from './xml-tree';

/** Child sequences of the schema's types (MS-OWEMXML, task pane app 1.1 and VersionOverrides 1.0); `*` marks repeatable elements. */
export const SEQUENCES: Record<string, { order: string[]; required: string[] }> = {
  OfficeApp: {
    order: [
      'Id',
      'AlternateId',
      'Version',
      'ProviderName',
      'DefaultLocale',
      'DisplayName',
      'Description',
      'IconUrl',
      'HighResolutionIconUrl',
      'SupportUrl',
      'AppDomains',
      'Hosts',
      'Requirements',
      'DefaultSettings',
      'Permissions',
      'AllowSnapshot',
      'VersionOverrides',
    ],
    required: ['Id', 'Version', 'ProviderName', 'DefaultLocale', 'DisplayName', 'Description', 'IconUrl', 'DefaultSettings', 'Permissions'],
  },
  VersionOverrides: { order: ['Description', 'Requirements', 'Hosts', 'Resources', 'VersionOverrides'], required: ['Hosts', 'Resources'] },
  Host: { order: ['Runtimes', 'AllFormFactors', 'DesktopFormFactor'], required: [] },
  DesktopFormFactor: { order: ['GetStarted', 'FunctionFile', 'ExtensionPoint'], required: ['ExtensionPoint'] },
  GetStarted: { order: ['Title', 'Description', 'LearnMoreUrl'], required: ['Title', 'Description'] },
  Group: { order: ['Label', 'Icon', 'Control'], required: ['Label', 'Icon', 'Control'] },
  Control: { order: ['Label', 'Supertip', 'Icon', 'Action'], required: ['Label', 'Supertip', 'Icon', 'Action'] },
  Supertip: { order: ['Title', 'Description'], required: ['Title', 'Description'] },
  Resources: { order: ['bt:Images', 'bt:Urls', 'bt:ShortStrings', 'bt:LongStrings'], required: [] },
};

/** Which resource list a `resid` on an element must point into. */
const RESOURCE_KIND: Record<string, string> = {
  'bt:Image': 'bt:Images',
  SourceLocation: 'bt:Urls',
  FunctionFile: 'bt:Urls',
  Runtime: 'bt:Urls',
  LearnMoreUrl: 'bt:Urls',
  Label: 'bt:ShortStrings',
  Title: 'bt:ShortStrings',
  Description: 'bt:LongStrings',
};

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SCHEMA_NAMESPACE = /^http:\/\/schemas\.microsoft\.com\/|^http:\/\/www\.w3\.org\//;

export interface ValidateOptions {
  /** The folder served at the pages' base URL (the folder of <SourceLocation>): icons are looked up under it. */
  root: string;
  /** The built pages folder (dist/web): every manifest URL under the pages' base must name a file in it; undefined skips. */
  builtPages?: string;
  /** The built JavaScript of the commands page (all of it); undefined skips the FunctionName check. */
  commandsCode: string | undefined;
}

/** Width and height of a PNG file, or null when the bytes are not a PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 24 || bytes.readUInt32BE(0) !== 0x89504e47 || bytes.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Every URL of the manifest on the pages' base (SupportUrl, LearnMoreUrl, the pane, icons) whose file `built` lacks. */
function unbuiltUrls(root: XmlElement, pagesBase: string, built: string): string[] {
  const problems: string[] = [];
  for (const e of walk(root)) {
    for (const value of new Set([...Object.values(e.attrs), e.text])) {
      if (!value.startsWith(pagesBase)) continue;
      const relative = decodeURIComponent(new URL(value).pathname.slice(new URL(pagesBase).pathname.length));
      const file = path.join(built, relative === '' ? 'index.html' : relative);
      if (!fs.existsSync(file) || !fs.statSync(file).isFile())
        problems.push(`${e.path} links to ${value}, but the build has no ${relative || 'index.html'} (looked for ${file}).`);
    }
  }
  return problems;
}

export function validateManifest(xml: string, options: ValidateOptions): string[] {
  const problems: string[] = [];
  let root: XmlElement;
  try {
    root = parseXmlTree(xml);
  } catch (e) {
    return [(e as Error).message];
  }
  if (root.name !== 'OfficeApp') return [`The root element is <${root.name}>, not <OfficeApp>.`];
  if (root.attrs['xsi:type'] !== 'TaskPaneApp') problems.push('OfficeApp must have xsi:type="TaskPaneApp".');

  // Element order and required elements.
  for (const e of walk(root)) {
    const seq = SEQUENCES[e.name];
    if (!seq) continue;
    const names = e.children.map((c) => c.name);
    let last = -1;
    for (const n of names) {
      const at = seq.order.indexOf(n);
      if (at < 0) problems.push(`<${n}> is not expected inside ${e.path}.`);
      else if (at < last)
        problems.push(
          `<${n}> is out of order inside ${e.path}: the schema wants ${seq.order.filter((o) => names.includes(o)).join(', ')}.`,
        );
      else last = at;
    }
    for (const r of seq.required) if (!names.includes(r)) problems.push(`${e.path} lacks the required <${r}>.`);
  }

  // Ids and texts.
  const id = child(root, 'Id')?.text ?? '';
  if (!GUID.test(id)) problems.push(`<Id> must be a GUID (found "${id}").`);
  const version = child(root, 'Version')?.text ?? '';
  if (!/^\d{1,5}(\.\d{1,5}){1,3}$/.test(version)) problems.push(`<Version> must look like 1.0.0.0 (found "${version}").`);
  const displayName = child(root, 'DisplayName')?.attrs.DefaultValue ?? '';
  if (displayName.length === 0 || displayName.length > 125) problems.push('<DisplayName> needs a DefaultValue of 1 to 125 characters.');
  const description = child(root, 'Description')?.attrs.DefaultValue ?? '';
  if (description.length === 0 || description.length > 250) problems.push('<Description> needs a DefaultValue of 1 to 250 characters.');
  const hosts = child(root, 'Hosts')?.children.map((h) => h.attrs.Name) ?? [];
  if (!hosts.includes('Workbook')) problems.push('<Hosts> must name the Workbook host.');

  const elementIds = new Map<string, number>();
  for (const e of walk(root)) {
    if ((e.name === 'Group' || e.name === 'Control') && e.attrs.id !== undefined)
      elementIds.set(e.attrs.id, (elementIds.get(e.attrs.id) ?? 0) + 1);
    if ((e.name === 'Group' || e.name === 'Control') && !e.attrs.id) problems.push(`<${e.name}> at ${e.path} needs an id.`);
  }
  for (const [k, n] of elementIds) if (n > 1) problems.push(`The id "${k}" is used by ${n} ribbon elements; ids must be unique.`);

  // URLs.
  for (const e of walk(root)) {
    const values = [
      ...Object.entries(e.attrs)
        .filter(([k]) => !k.startsWith('xmlns'))
        .map(([, v]) => v),
      e.text,
    ];
    for (const v of values) {
      if (/^[a-z]+:\/\//i.test(v) && !SCHEMA_NAMESPACE.test(v) && !v.startsWith('https://'))
        problems.push(`${e.path} has a URL that is not https: ${v}`);
    }
  }

  // Resources: defined once, ids of at most 32 characters, every resid defined in the right list.
  const overrides = child(root, 'VersionOverrides');
  const resources = child(overrides, 'Resources');
  const defined = new Map<string, { kind: string; value: string }>();
  for (const list of resources?.children ?? []) {
    for (const item of list.children) {
      const rid = item.attrs.id ?? '';
      if (rid.length === 0 || rid.length > 32) problems.push(`Resource id "${rid}" in ${list.name} must be 1 to 32 characters.`);
      if (defined.has(rid)) problems.push(`Resource id "${rid}" is defined more than once.`);
      defined.set(rid, { kind: list.name, value: item.attrs.DefaultValue ?? '' });
      if (!item.attrs.DefaultValue) problems.push(`Resource "${rid}" has no DefaultValue.`);
    }
  }
  const used = new Set<string>();
  for (const e of walk(root)) {
    const rid = e.attrs.resid;
    if (rid === undefined) continue;
    used.add(rid);
    const def = defined.get(rid);
    const want = RESOURCE_KIND[e.name];
    if (!def) problems.push(`resid "${rid}" on ${e.path} is not defined in <Resources>.`);
    else if (want && def.kind !== want) problems.push(`resid "${rid}" on ${e.path} must point into ${want}, not ${def.kind}.`);
  }
  for (const rid of defined.keys()) if (!used.has(rid)) problems.push(`Resource "${rid}" is defined but never used.`);

  // Icons: files under root with the declared sizes.
  const icons: Array<{ url: string; size: number; where: string }> = [];
  const iconUrl = child(root, 'IconUrl')?.attrs.DefaultValue;
  if (iconUrl) icons.push({ url: iconUrl, size: 32, where: 'IconUrl' });
  const highRes = child(root, 'HighResolutionIconUrl')?.attrs.DefaultValue;
  if (highRes) icons.push({ url: highRes, size: 64, where: 'HighResolutionIconUrl' });
  for (const e of walk(root)) {
    if (e.name !== 'bt:Image' || !e.attrs.resid) continue;
    const def = defined.get(e.attrs.resid);
    if (def) icons.push({ url: def.value, size: Number(e.attrs.size), where: `${e.path} (${e.attrs.resid})` });
  }
  const sourceLocation = child(child(root, 'DefaultSettings'), 'SourceLocation')?.attrs.DefaultValue ?? '';
  let pagesBase = '';
  try {
    pagesBase = new URL('.', sourceLocation).href;
  } catch {
    problems.push(`<DefaultSettings><SourceLocation> must be a URL (found "${sourceLocation}").`);
  }
  for (const icon of icons) {
    if (!pagesBase || !icon.url.startsWith(pagesBase)) {
      problems.push(`${icon.where}: "${icon.url}" is not served with the pages (${pagesBase || 'unknown base'}).`);
      continue;
    }
    const file = path.join(options.root, decodeURIComponent(icon.url.slice(pagesBase.length)));
    if (!fs.existsSync(file)) {
      problems.push(`${icon.where}: the icon ${path.relative(options.root, file)} does not exist.`);
      continue;
    }
    const size = pngSize(fs.readFileSync(file));
    if (!size) problems.push(`${icon.where}: ${path.relative(options.root, file)} is not a PNG.`);
    else if (size.width !== icon.size || size.height !== icon.size)
      problems.push(
        `${icon.where}: ${path.relative(options.root, file)} is ${size.width}x${size.height}, the manifest needs ${icon.size}x${icon.size}.`,
      );
  }

  if (pagesBase && options.builtPages !== undefined) problems.push(...unbuiltUrls(root, pagesBase, options.builtPages));

  // Shared runtime: lifetime long, the SharedRuntime requirement, the function file and the pane on the runtime's page.
  for (const e of walk(root)) {
    if (e.name !== 'Runtime') continue;
    if (e.attrs.lifetime !== 'long') problems.push('<Runtime> must have lifetime="long" for a shared runtime.');
    const sets = [...walk(child(root, 'Requirements') ?? root)].filter((s) => s.name === 'Set').map((s) => s.attrs.Name);
    if (!sets.includes('SharedRuntime'))
      problems.push('A shared runtime needs <Set Name="SharedRuntime" MinVersion="1.1"/> in <Requirements>.');
    for (const other of walk(root)) {
      if ((other.name === 'FunctionFile' || other.name === 'SourceLocation') && other.attrs.resid && other.attrs.resid !== e.attrs.resid)
        problems.push(`${other.path} must use the runtime's page (resid "${e.attrs.resid}"), not "${other.attrs.resid}".`);
    }
  }

  // Ribbon functions must be associated in the built commands code.
  if (options.commandsCode !== undefined) {
    for (const e of walk(root)) {
      if (e.name !== 'FunctionName') continue;
      const name = e.text.trim();
      const quoted = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (!new RegExp(`\\.associate\\(\\s*["'\`]${quoted}["'\`]`).test(options.commandsCode))
        problems.push(
          `<FunctionName>${name}</FunctionName> is not associated in the built commands code (Office.actions.associate("${name}", ...)).`,
        );
    }
  }
  return problems;
}
