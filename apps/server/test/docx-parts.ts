// jszip comes with docx, which writes the archives it reads here.
import JSZip from 'jszip';

/** The parts of a .docx a layout test reads: the body, every footer, the settings and the media's names. */
export async function docxParts(bytes: Buffer) {
  const zip = await JSZip.loadAsync(bytes);
  const read = (name: string) => zip.file(name)?.async('string') ?? Promise.resolve('');
  const footerNames = Object.keys(zip.files).filter((n) => /^word\/footer\d*\.xml$/.test(n));
  return {
    document: await read('word/document.xml'),
    footers: await Promise.all(footerNames.map(read)),
    settings: await read('word/settings.xml'),
    media: Object.keys(zip.files).filter((n) => n.startsWith('word/media/')),
  };
}

/** The XML of each paragraph of the body whose heading style is one of `styles`, by its text. */
export function headingParagraphs(documentXml: string, styles = ['Heading1', 'Heading2', 'Heading3']) {
  const paragraphs = documentXml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? [];
  return paragraphs
    .filter((p) => styles.some((s) => p.includes(`<w:pStyle w:val="${s}"/>`)))
    .map((xml) => ({ xml, text: [...xml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('') }));
}
