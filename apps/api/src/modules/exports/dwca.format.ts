import type { DwcaSummary } from '@jarog/contracts';

/**
 * The Darwin Core Archive's files (Darwin Core text guide, https://dwc.tdwg.org/text/): Event core
 * (one row per checklist) with an Occurrence extension (one row per approved entry of a catalogue
 * species); tab-separated UTF-8, one header row, no quoting, so tabs and line breaks inside values
 * become spaces. The rows themselves are written by the database (dwca.columns.ts); ids are the
 * records' own permanent ids as URNs (`urn:jarog:checklist:<id>`, `urn:jarog:entry:<id>`), the same
 * in every export.
 */
export const DWC = 'http://rs.tdwg.org/dwc/terms/';

/** Columns of event.txt, in order; column 0 is also the core id. */
export const EVENT_TERMS = [
  'eventID',
  'eventDate',
  'eventTime',
  'samplingProtocol',
  'countryCode',
  'country',
  'stateProvince',
  'county',
  'locality',
  'decimalLatitude',
  'decimalLongitude',
  'geodeticDatum',
  'recordedBy',
] as const;

/** Columns of occurrence.txt, in order; column 0 (the checklist's eventID) is the core id. */
export const OCCURRENCE_TERMS = [
  'eventID',
  'occurrenceID',
  'basisOfRecord',
  'occurrenceStatus',
  'individualCount',
  'lifeStage',
  'dynamicProperties',
  'scientificName',
  'scientificNameAuthorship',
  'kingdom',
  'class',
  'order',
  'family',
  'genus',
  'specificEpithet',
  'taxonRank',
  'vernacularName',
  'identificationVerificationStatus',
  'associatedMedia',
  'occurrenceRemarks',
] as const;

export const headerLine = (terms: readonly string[]): string => `${terms.join('\t')}\n`;

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function fileXml(
  kind: 'core' | 'extension',
  rowType: string,
  file: string,
  terms: readonly string[],
): string {
  const id = kind === 'core' ? '<id index="0"/>' : '<coreid index="0"/>';
  const fields = terms.map((t, i) => `    <field index="${i}" term="${DWC}${t}"/>`).join('\n');
  return `  <${kind} encoding="UTF-8" fieldsTerminatedBy="\\t" linesTerminatedBy="\\n" fieldsEnclosedBy="" ignoreHeaderLines="1" rowType="${DWC}${rowType}">
    <files><location>${file}</location></files>
    ${id}
${fields}
  </${kind}>`;
}

/** meta.xml: which file holds which row type, and the term of each column. */
export function metaXml(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<archive xmlns="http://rs.tdwg.org/dwc/text/" metadata="eml.xml">
${fileXml('core', 'Event', 'event.txt', EVENT_TERMS)}
${fileXml('extension', 'Occurrence', 'occurrence.txt', OCCURRENCE_TERMS)}
</archive>
`;
}

export const LICENSES = {
  'CC0-1.0': {
    url: 'http://creativecommons.org/publicdomain/zero/1.0/legalcode',
    title: 'Public Domain (CC0 1.0)',
  },
  'CC-BY-4.0': {
    url: 'http://creativecommons.org/licenses/by/4.0/legalcode',
    title: 'Creative Commons Attribution (CC-BY) 4.0 License',
  },
  'CC-BY-NC-4.0': {
    url: 'http://creativecommons.org/licenses/by-nc/4.0/legalcode',
    title: 'Creative Commons Attribution Non Commercial (CC-BY-NC) 4.0 License',
  },
} as const;
export type LicenseId = keyof typeof LICENSES;

export interface EmlInput {
  summary: DwcaSummary;
  license: LicenseId;
  publisher: string;
  contactName: string;
  contactEmail: string;
  /** The exported coordinates' extent; Bhutan's when no checklist had coordinates. */
  bounds: { west: number; east: number; south: number; north: number };
}

/** Bhutan's extent, the geographic coverage when no exported checklist has coordinates. */
export const BHUTAN_BOUNDS = { west: 88.74, east: 92.13, south: 26.7, north: 28.33 };

/** eml.xml in GBIF's metadata profile (EML 2.1.1): title, description, publisher, contact, licence, coverage. */
export function emlXml(m: EmlInput): string {
  const s = m.summary;
  const license = LICENSES[m.license];
  const where = s.filters.dzongkhag
    ? `${s.filters.dzongkhag} dzongkhag, Bhutan`
    : 'Bhutan (all 20 dzongkhags)';
  const left = s.leftOut.unknownOrNewSpecies + s.leftOut.notInCatalogue + s.leftOut.noScientificName;
  const description =
    `Bird checklists recorded by birders in Bhutan with the Druk eBird app and the Jarog console, reviewed by ` +
    `the national platform's admins. Each checklist is a sampling event; each approved sighting of a species of ` +
    `the national bird list is an occurrence. This export holds ${s.events} checklists and ${s.occurrences} ` +
    `occurrences${s.temporalCoverage.from ? ` from ${s.temporalCoverage.from} to ${s.temporalCoverage.to}` : ''}. ` +
    `Left out: ${left} approved sightings without a species name (${s.leftOut.unknownOrNewSpecies} 'Unknown Birds' ` +
    `or unnamed new species, ${s.leftOut.notInCatalogue} names not in the national list, ${s.leftOut.noScientificName} ` +
    `species without a scientific name). Adult and juvenile counts are in dynamicProperties.`;
  const party = `<organizationName>${xml(m.publisher)}</organizationName>
      <electronicMailAddress>${xml(m.contactEmail)}</electronicMailAddress>`;
  const temporal = s.temporalCoverage.from
    ? `
      <temporalCoverage>
        <rangeOfDates>
          <beginDate><calendarDate>${s.temporalCoverage.from}</calendarDate></beginDate>
          <endDate><calendarDate>${s.temporalCoverage.to}</calendarDate></endDate>
        </rangeOfDates>
      </temporalCoverage>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<eml:eml xmlns:eml="eml://ecoinformatics.org/eml-2.1.1"
  xmlns:dc="http://purl.org/dc/terms/"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="eml://ecoinformatics.org/eml-2.1.1 http://rs.gbif.org/schema/eml-gbif-profile/1.1/eml.xsd"
  packageId="urn:jarog:dwca:druk-ebird" system="http://gbif.org" scope="system" xml:lang="eng">
  <dataset>
    <title xml:lang="eng">Druk eBird: bird checklists of ${xml(where)}</title>
    <creator>
      ${party}
    </creator>
    <metadataProvider>
      ${party}
    </metadataProvider>
    <pubDate>${s.generatedAt.slice(0, 10)}</pubDate>
    <language>eng</language>
    <abstract>
      <para>${xml(description)}</para>
    </abstract>
    <intellectualRights>
      <para>This work is licensed under a <ulink url="${license.url}"><citetitle>${xml(license.title)}</citetitle></ulink>.</para>
    </intellectualRights>
    <coverage>
      <geographicCoverage>
        <geographicDescription>${xml(where)}</geographicDescription>
        <boundingCoordinates>
          <westBoundingCoordinate>${m.bounds.west}</westBoundingCoordinate>
          <eastBoundingCoordinate>${m.bounds.east}</eastBoundingCoordinate>
          <northBoundingCoordinate>${m.bounds.north}</northBoundingCoordinate>
          <southBoundingCoordinate>${m.bounds.south}</southBoundingCoordinate>
        </boundingCoordinates>
      </geographicCoverage>${temporal}
      <taxonomicCoverage>
        <generalTaxonomicCoverage>Birds (class Aves) of the national bird list of Bhutan</generalTaxonomicCoverage>
        <taxonomicClassification>
          <taxonRankName>class</taxonRankName>
          <taxonRankValue>Aves</taxonRankValue>
        </taxonomicClassification>
      </taxonomicCoverage>
    </coverage>
    <contact>
      <individualName><surName>${xml(m.contactName)}</surName></individualName>
      ${party}
    </contact>
  </dataset>
</eml:eml>
`;
}
