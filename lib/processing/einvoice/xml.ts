import { XMLParser, XMLValidator } from "fast-xml-parser";

/**
 * An e-invoice's XML as a small tree of elements by local name (namespace prefixes dropped: CII and UBL name every
 * element uniquely within their own vocabulary, and writers choose prefixes freely). Parsed by fast-xml-parser, which
 * neither reads files nor fetches anything; a document type declaration (the only way to bring in entities, external or
 * expanding ones) is refused before parsing, as no e-invoice syntax uses one. Sizes are bounded by the caller.
 */

export type XmlElement = {
  name: string;
  /** the namespace URI of the element's prefix, where it declares or inherits one */
  ns: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** the element's own text (its text nodes joined, trimmed) */
  text: string;
};

/** thrown for XML that is not well-formed or that declares a document type */
export class XmlError extends Error {}

/** the largest XML read as an e-invoice (a large one with thousands of lines is a few megabytes) */
export const MAX_XML_BYTES = 32 * 2 ** 20;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  // entities are not expanded (a DOCTYPE is refused anyway); the five predefined ones and character references are
  htmlEntities: false,
  processEntities: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: "#comment",
});

type Ordered = Record<string, unknown> & { ":@"?: Record<string, string> };

/** Parses XML into its root element; XmlError when it is not well-formed or declares a document type. */
export function parseXml(xml: string): XmlElement {
  if (/<!DOCTYPE/i.test(xml)) throw new XmlError("The XML declares a document type (DOCTYPE), which e-invoices never do.");
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new XmlError(`The XML is not well-formed: ${valid.err.msg} (line ${valid.err.line}).`);
  const nodes = parser.parse(xml) as Ordered[];
  const root = nodes.map((node) => toElement(node, {})).find((e): e is XmlElement => e !== undefined);
  if (!root) throw new XmlError("The XML has no root element.");
  return root;
}

function toElement(node: Ordered, namespaces: Record<string, string>): XmlElement | undefined {
  const key = Object.keys(node).find((k) => k !== ":@" && k !== "#text" && k !== "#comment");
  if (!key) return undefined;
  const attrs = node[":@"] ?? {};
  const scope = { ...namespaces };
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "xmlns") scope[""] = value;
    else if (name.startsWith("xmlns:")) scope[name.slice(6)] = value;
  }
  const colon = key.indexOf(":");
  const prefix = colon >= 0 ? key.slice(0, colon) : "";
  const element: XmlElement = {
    name: colon >= 0 ? key.slice(colon + 1) : key,
    ns: scope[prefix] ?? "",
    attrs: Object.fromEntries(Object.entries(attrs).filter(([name]) => !name.startsWith("xmlns"))),
    children: [],
    text: "",
  };
  let text = "";
  for (const child of (node[key] as Ordered[] | undefined) ?? []) {
    if ("#text" in child) text += String(child["#text"]);
    else {
      const sub = toElement(child, scope);
      if (sub) element.children.push(sub);
    }
  }
  element.text = text.trim();
  return element;
}

/** the children of `element` along a path of local names ("a/b/c"), every match at each step */
export function all(element: XmlElement | undefined, path: string): XmlElement[] {
  if (!element) return [];
  let current = [element];
  for (const step of path.split("/")) current = current.flatMap((e) => e.children.filter((c) => c.name === step));
  return current;
}

/** the first element along the path, or undefined */
export function first(element: XmlElement | undefined, path: string): XmlElement | undefined {
  return all(element, path)[0];
}

/** the text of the first element along the path that has one, or undefined */
export function textAt(element: XmlElement | undefined, path: string): string | undefined {
  for (const found of all(element, path)) if (found.text !== "") return found.text;
  return undefined;
}
