/** Offline structural checks of manifest.xml (the online validator is unreachable here): element order, ids, URLs, limits. */
import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { SEQUENCES } from '../scripts/manifest/validate-manifest';

type Node = Record<string, unknown>;
const xml = fs.readFileSync(path.resolve(__dirname, '../manifest.xml'), 'utf8');
const ordered = new XMLParser({ ignoreAttributes: false, preserveOrder: true }).parse(xml) as Node[];
const tree = new XMLParser({ ignoreAttributes: false }).parse(xml) as { OfficeApp: Node };
const app = tree.OfficeApp;

/** Child element names of OfficeApp in document order. */
function childOrder(): string[] {
  const root = ordered.find((n) => 'OfficeApp' in n) as { OfficeApp: Node[] } | undefined;
  if (!root) throw new Error('no OfficeApp root');
  return root.OfficeApp.map((n) => Object.keys(n).find((k) => k !== ':@')).filter((k): k is string => k !== undefined && k !== '#comment');
}

function attr(node: unknown, name: string): string {
  const v = (node as Node | undefined)?.[`@_${name}`];
  if (typeof v !== 'string') throw new Error(`missing attribute ${name}`);
  return v;
}

// Sequence of the TaskPaneApp type in the Office add-in manifest schema (1.1), as the validator knows it.
const SCHEMA_ORDER = SEQUENCES['OfficeApp']?.order ?? [];

describe('manifest.xml', () => {
  it('is a TaskPaneApp whose elements follow the schema order', () => {
    expect(attr(app, 'xsi:type')).toBe('TaskPaneApp');
    const order = childOrder();
    const positions = order.map((name) => SCHEMA_ORDER.indexOf(name));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const required of [
      'Id',
      'Version',
      'ProviderName',
      'DefaultLocale',
      'DisplayName',
      'Description',
      'IconUrl',
      'DefaultSettings',
      'Permissions',
    ]) {
      expect(order).toContain(required);
    }
  });

  it('has a GUID id, a four-part version and texts within the schema limits', () => {
    expect(String(app.Id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    expect(String(app.Version)).toMatch(/^\d{1,5}(\.\d{1,5}){3}$/);
    expect(attr(app.DisplayName, 'DefaultValue').length).toBeLessThanOrEqual(125);
    expect(attr(app.Description, 'DefaultValue').length).toBeLessThanOrEqual(250);
  });

  it('targets Excel workbooks with ExcelApi 1.7, the shared runtime and document write permission', () => {
    const hosts = app.Hosts as Node;
    expect(attr(hosts.Host, 'Name')).toBe('Workbook');
    const sets = [((app.Requirements as Node).Sets as Node).Set].flat();
    const version = (name: string) =>
      attr(
        sets.find((s) => attr(s, 'Name') === name),
        'MinVersion',
      );
    expect(Number(version('ExcelApi'))).toBeGreaterThanOrEqual(1.7);
    expect(version('SharedRuntime')).toBe('1.1');
    expect(app.Permissions).toBe('ReadWriteDocument');
  });

  it('uses only https URLs, all inside the declared app domains', () => {
    const urls = [...xml.matchAll(/DefaultValue="(https?:[^"]+)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(2);
    const domains = [(app.AppDomains as Node).AppDomain as string].flat();
    for (const url of urls) {
      expect(url.startsWith('https://')).toBe(true);
      expect(domains.some((d) => url.startsWith(d))).toBe(true);
    }
  });
});
