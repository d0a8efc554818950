/** A plain element tree of an XML document (fast-xml-parser's ordered output), for the manifest checks. */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
  /** Element names from the root, for messages (`OfficeApp/VersionOverrides/Hosts`). */
  path: string;
}

type Ordered = Record<string, unknown> & { ':@'?: Record<string, unknown> };

/** Parses `xml`; throws with line and column when it is not well-formed. */
export function parseXmlTree(xml: string): XmlElement {
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new Error(`manifest.xml is not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col}).`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    preserveOrder: true,
    trimValues: true,
    parseTagValue: false,
    parseAttributeValue: false,
  });
  const nodes = parser.parse(xml) as Ordered[];
  const roots = nodes.map((n) => convert(n, '')).filter((e): e is XmlElement => e !== null);
  if (roots.length !== 1) throw new Error(`manifest.xml must have exactly one root element (found ${roots.length}).`);
  return roots[0]!;
}

function convert(node: Ordered, parentPath: string): XmlElement | null {
  const name = Object.keys(node).find((k) => k !== ':@');
  if (name === undefined || name === '#text' || name === '#comment' || name.startsWith('?')) return null;
  const attrs = Object.fromEntries(Object.entries(node[':@'] ?? {}).map(([k, v]) => [k, String(v)]));
  const path = parentPath ? `${parentPath}/${name}` : name;
  const raw = (node[name] as Ordered[] | undefined) ?? [];
  const children = raw.map((c) => convert(c, path)).filter((e): e is XmlElement => e !== null);
  const text = raw
    .filter((c) => '#text' in c)
    .map((c) => String(c['#text']))
    .join('');
  return { name, attrs, children, text, path };
}

export function* walk(e: XmlElement): Generator<XmlElement> {
  yield e;
  for (const c of e.children) yield* walk(c);
}

export function child(e: XmlElement | undefined, name: string): XmlElement | undefined {
  return e?.children.find((c) => c.name === name);
}
