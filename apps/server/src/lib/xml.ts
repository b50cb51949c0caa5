// A small element tree read from an untrusted XML file with saxes (a non-validating parser that never fetches
// anything): any DOCTYPE is refused, so neither external entities (XXE) nor entity expansion (billion laughs) can
// happen; only XML's five predefined entities and character references are read. Depth and element count are
// bounded; a malformed file gives a French 422 with its line. A large file is read in pieces, so that the server
// keeps answering others meanwhile.
import { SaxesParser } from 'saxes';
import { unprocessable } from './errors';

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Text and CDATA directly inside this element, joined. */
  text: string;
  line: number;
}

const MAX_DEPTH = 64;
const MAX_ELEMENTS = 2_000_000;

export const xmlRefusal = (line: number, why: string) => {
  const m = `Le fichier XML est mal formé à la ligne ${line} : ${why} Rien n’a été enregistré.`;
  return unprocessable({ file: [m] }, m);
};

/** saxes' messages, said in French (the line is given apart). */
function frenchReason(message: string): string {
  const m = message.replace(/^[^:]*:\d+:\d+: /, '');
  if (/undefined entity/i.test(m)) return 'une entité inconnue y est utilisée (seules &amp;, &lt;, &gt;, &quot; et &apos; sont permises).';
  if (/unclosed tag|unexpected end/i.test(m)) return 'une balise n’est pas fermée.';
  if (/unmatched closing tag|unexpected close tag/i.test(m)) return 'une balise fermante ne correspond à aucune balise ouverte.';
  if (/disallowed character|invalid character/i.test(m)) return 'un caractère n’est pas permis à cet endroit.';
  if (/text data outside of root/i.test(m)) return 'du texte se trouve hors de l’élément racine.';
  if (/attribute/i.test(m)) return 'un attribut est mal écrit.';
  return 'la structure n’est pas du XML valide.';
}

/** Characters given to the parser at a time: between two pieces, other requests get their turn. */
const PIECE = 256 * 1024;

export async function parseXml(source: string): Promise<XmlElement> {
  const parser = new SaxesParser({ position: true });
  const root: XmlElement = { name: '#document', attrs: {}, children: [], text: '', line: 1 };
  const stack: XmlElement[] = [root];
  let count = 0;
  parser.on('doctype', () => {
    const m = `Le fichier déclare une DTD (<!DOCTYPE …>) à la ligne ${parser.line} : elle est refusée, car elle permettrait de lire des fichiers du serveur ou de démultiplier des entités. Un export Moodle n’en contient pas. Rien n’a été enregistré.`;
    throw unprocessable({ file: [m] }, m);
  });
  parser.on('opentag', (tag) => {
    if (stack.length > MAX_DEPTH) throw xmlRefusal(parser.line, `les éléments y sont imbriqués sur plus de ${MAX_DEPTH} niveaux.`);
    if (++count > MAX_ELEMENTS) throw xmlRefusal(parser.line, 'le fichier contient trop d’éléments.');
    const el: XmlElement = { name: tag.name, attrs: tag.attributes as Record<string, string>, children: [], text: '', line: parser.line };
    stack[stack.length - 1]!.children.push(el);
    stack.push(el);
  });
  parser.on('closetag', () => void stack.pop());
  const addText = (t: string) => {
    const top = stack[stack.length - 1]!;
    if (top !== root) top.text += t;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('error', (err) => {
    throw xmlRefusal(parser.line, frenchReason(err.message));
  });
  for (let at = 0; at < source.length; at += PIECE) {
    parser.write(source.slice(at, at + PIECE));
    if (at + PIECE < source.length) await new Promise((resolve) => setImmediate(resolve));
  }
  parser.close();
  const top = root.children[0];
  if (!top) throw xmlRefusal(parser.line, 'il ne contient aucun élément.');
  return top;
}

/** The first child element of that name. */
export const child = (el: XmlElement | undefined, name: string): XmlElement | undefined => el?.children.find((c) => c.name === name);
export const childrenOf = (el: XmlElement | undefined, name: string): XmlElement[] => el?.children.filter((c) => c.name === name) ?? [];
/** The text of `<name><text>…</text></name>` (Moodle's usual wrapping), or of `<name>…</name>`. */
export function textOf(el: XmlElement | undefined, name: string): string {
  const c = child(el, name);
  if (!c) return '';
  const inner = child(c, 'text');
  return inner ? inner.text : c.text;
}

/** Text escaped for an XML element or attribute. */
export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Text as a CDATA section (a `]]>` inside is split across two sections). */
export function cdata(s: string): string {
  return `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}
