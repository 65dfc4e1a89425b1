import type { NewFileType } from '@kerf/contract';
import { ZipFile } from 'yazl';

/**
 * Empty documents for "New file" (SPEC §3): plain text and markdown are empty; Word, Excel and
 * PowerPoint files are the smallest Office Open XML packages those programs (and LibreOffice and
 * OnlyOffice) open as a blank document, a blank sheet and one blank slide.
 */

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'http://schemas.openxmlformats.org/package/2006/content-types';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const OFFICE_DOC = `${REL}/officeDocument`;

function contentTypes(overrides: Array<[string, string]>) {
  return `${XML}<Types xmlns="${CT}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides
    .map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`)
    .join('')}</Types>`;
}

function rels(items: Array<[string, string, string]>) {
  return `${XML}<Relationships xmlns="${PKG_REL}">${items
    .map(([id, type, target]) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`)
    .join('')}</Relationships>`;
}

const docx: Record<string, string> = {
  '[Content_Types].xml': contentTypes([
    ['/word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'],
  ]),
  '_rels/.rels': rels([['rId1', OFFICE_DOC, 'word/document.xml']]),
  'word/document.xml': `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p/><w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr></w:body></w:document>`,
};

const SHEET = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const xlsx: Record<string, string> = {
  '[Content_Types].xml': contentTypes([
    ['/xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'],
    ['/xl/worksheets/sheet1.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml'],
    ['/xl/styles.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml'],
  ]),
  '_rels/.rels': rels([['rId1', OFFICE_DOC, 'xl/workbook.xml']]),
  'xl/workbook.xml': `${XML}<workbook xmlns="${SHEET}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': rels([
    ['rId1', `${REL}/worksheet`, 'worksheets/sheet1.xml'],
    ['rId2', `${REL}/styles`, 'styles.xml'],
  ]),
  'xl/worksheets/sheet1.xml': `${XML}<worksheet xmlns="${SHEET}"><sheetData/></worksheet>`,
  'xl/styles.xml': `${XML}<styleSheet xmlns="${SHEET}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
};

const solid = (color: string) => `<a:solidFill><a:srgbClr val="${color}"/></a:solidFill>`;
const theme = `${XML}<a:theme xmlns:a="${A}" name="Kerf"><a:themeElements><a:clrScheme name="Kerf"><a:dk1><a:sysClr val="windowText" lastClr="000000"/></a:dk1><a:lt1><a:sysClr val="window" lastClr="FFFFFF"/></a:lt1><a:dk2><a:srgbClr val="44546A"/></a:dk2><a:lt2><a:srgbClr val="E7E6E6"/></a:lt2><a:accent1><a:srgbClr val="86A500"/></a:accent1><a:accent2><a:srgbClr val="ED7D31"/></a:accent2><a:accent3><a:srgbClr val="A5A5A5"/></a:accent3><a:accent4><a:srgbClr val="FFC000"/></a:accent4><a:accent5><a:srgbClr val="5B9BD5"/></a:accent5><a:accent6><a:srgbClr val="70AD47"/></a:accent6><a:hlink><a:srgbClr val="0563C1"/></a:hlink><a:folHlink><a:srgbClr val="954F72"/></a:folHlink></a:clrScheme><a:fontScheme name="Kerf"><a:majorFont><a:latin typeface="Calibri Light"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont><a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme><a:fmtScheme name="Kerf"><a:fillStyleLst>${solid('FFFFFF')}${solid('EEEEEE')}${solid('DDDDDD')}</a:fillStyleLst><a:lnStyleLst><a:ln w="6350">${solid('000000')}</a:ln><a:ln w="12700">${solid('000000')}</a:ln><a:ln w="19050">${solid('000000')}</a:ln></a:lnStyleLst><a:effectStyleLst><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle></a:effectStyleLst><a:bgFillStyleLst>${solid('FFFFFF')}${solid('F2F2F2')}${solid('E5E5E5')}</a:bgFillStyleLst></a:fmtScheme></a:themeElements></a:theme>`;
const emptyTree = `<p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/></p:spTree></p:cSld>`;
const ns = `xmlns:a="${A}" xmlns:r="${REL}" xmlns:p="${P}"`;
const PML = 'application/vnd.openxmlformats-officedocument.presentationml';
const pptx: Record<string, string> = {
  '[Content_Types].xml': contentTypes([
    ['/ppt/presentation.xml', `${PML}.presentation.main+xml`],
    ['/ppt/slideMasters/slideMaster1.xml', `${PML}.slideMaster+xml`],
    ['/ppt/slideLayouts/slideLayout1.xml', `${PML}.slideLayout+xml`],
    ['/ppt/slides/slide1.xml', `${PML}.slide+xml`],
    ['/ppt/theme/theme1.xml', 'application/vnd.openxmlformats-officedocument.theme+xml'],
  ]),
  '_rels/.rels': rels([['rId1', OFFICE_DOC, 'ppt/presentation.xml']]),
  'ppt/presentation.xml': `${XML}<p:presentation ${ns}><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst><p:sldIdLst><p:sldId id="256" r:id="rId2"/></p:sldIdLst><p:sldSz cx="12192000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`,
  'ppt/_rels/presentation.xml.rels': rels([
    ['rId1', `${REL}/slideMaster`, 'slideMasters/slideMaster1.xml'],
    ['rId2', `${REL}/slide`, 'slides/slide1.xml'],
    ['rId3', `${REL}/theme`, 'theme/theme1.xml'],
  ]),
  'ppt/slideMasters/slideMaster1.xml': `${XML}<p:sldMaster ${ns}>${emptyTree}<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/><p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>`,
  'ppt/slideMasters/_rels/slideMaster1.xml.rels': rels([
    ['rId1', `${REL}/slideLayout`, '../slideLayouts/slideLayout1.xml'],
    ['rId2', `${REL}/theme`, '../theme/theme1.xml'],
  ]),
  'ppt/slideLayouts/slideLayout1.xml': `${XML}<p:sldLayout ${ns} type="blank">${emptyTree}<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>`,
  'ppt/slideLayouts/_rels/slideLayout1.xml.rels': rels([
    ['rId1', `${REL}/slideMaster`, '../slideMasters/slideMaster1.xml'],
  ]),
  'ppt/slides/slide1.xml': `${XML}<p:sld ${ns}>${emptyTree}<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>`,
  'ppt/slides/_rels/slide1.xml.rels': rels([['rId1', `${REL}/slideLayout`, '../slideLayouts/slideLayout1.xml']]),
  'ppt/theme/theme1.xml': theme,
};

const PACKAGES: Partial<Record<NewFileType, Record<string, string>>> = { docx, xlsx, pptx };

function zip(parts: Record<string, string>): Promise<Buffer> {
  const file = new ZipFile();
  // A fixed time, so the same empty document always has the same bytes (and is stored once).
  const mtime = new Date('2026-01-01T00:00:00Z');
  for (const [name, text] of Object.entries(parts)) file.addBuffer(Buffer.from(text, 'utf8'), name, { mtime });
  file.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    file.outputStream.on('data', (c: Buffer) => chunks.push(c));
    file.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    file.outputStream.on('error', reject);
  });
}

/** The bytes of a new, empty document of the type. */
export async function emptyDocument(type: NewFileType): Promise<Buffer> {
  const parts = PACKAGES[type];
  return parts ? zip(parts) : Buffer.alloc(0);
}
